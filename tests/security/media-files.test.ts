import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import { createSignedInAccount } from "../support/http-accounts";
import {
  businessForm,
  postForm,
  rawRequest,
  settledFiles,
  storedFiles,
  storyForm,
  uploadMedia,
} from "../support/http-media";
import { startServer, type ServerProcess } from "../support/server-process";

// What a visitor can make the server do through /media: resized copies only of originals the database knows (a
// media row, a listing's or owner's image, a story background), at the fixed widths, never of a thumbnail or a
// sidecar; internal sidecars never served; no path, however odd, answered with a 5xx.

let server: ServerProcess;
let owner = "";
let admin = "";
/** Stored originals the database knows, by what they are. */
const originals = { media: "", businessImage: "", ownerImage: "", storyBackground: "" };
let deletedKey = "";

const keyOf = (url: string) => url.replace(/^\/media\//, "");

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: "media-admin@example.com" });
  owner = await createSignedInAccount(server, "media-owner@example.com");
  admin = await createSignedInAccount(server, "media-admin@example.com");
  const photo = (background: string) =>
    sharp({ create: { width: 1400, height: 900, channels: 3, background } })
      .png()
      .toBuffer();

  const uploaded = await uploadMedia(server, owner, await photo("#0d6c78"), { title: "Kept" });
  originals.media = keyOf(uploaded.body.media!.fileUrl);
  const doomed = await uploadMedia(server, owner, await photo("#7a3b0d"), { title: "Deleted" });
  deletedKey = keyOf(doomed.body.media!.fileUrl);
  const removed = new FormData();
  removed.set("intent", "delete");
  removed.set("id", doomed.body.media!.id);
  expect((await postForm(server, "/dashboard.data", removed, owner)).status).toBeLessThan(400);

  const images = { image: await photo("#123456"), owner_image: await photo("#654321") };
  expect(
    (await postForm(server, "/admin.data", businessForm("Thumbnail Bakery", images), owner)).status,
  ).toBe(201);
  const dashboard = await (await fetch(`${server.url}/dashboard`, { headers: { Cookie: owner } })).text();
  const keys = [...dashboard.matchAll(/\/media\/([A-Za-z0-9]+\/\d+-[0-9a-f]+\.png)/g)].map(
    (match) => match[1]!,
  );
  [originals.businessImage, originals.ownerImage] = [...new Set(keys)].filter(
    (key) => key !== originals.media,
  );

  expect(
    (await postForm(server, "/admin/stories.data", storyForm("Thumbs", await photo("#abcdef")), admin))
      .status,
  ).toBe(201);
  const stories = await (await fetch(`${server.url}/dashboard`, { headers: { Cookie: admin } })).text();
  originals.storyBackground = stories.match(/\/media\/(story-backgrounds\/[^"?\s]+\.png)/)![1]!;
  expect(Object.values(originals).every(Boolean)).toBe(true);
}, 180_000);
afterAll(async () => {
  await server.stop();
});

describe("resized copies", () => {
  it("are made for every kind of known original, once per width", async () => {
    for (const key of Object.values(originals)) {
      const reply = await rawRequest(server, `/media/${key}?w=160`);
      expect(reply.status, key).toBe(200);
      expect(reply.type, key).toBe("image/webp");
    }
    const before = (await settledFiles(server)).length;
    for (const key of Object.values(originals)) await rawRequest(server, `/media/${key}?w=160`);
    expect((await settledFiles(server)).length).toBe(before);
  });

  it("are never made of thumbnails, sidecars, unknown or deleted keys: 120+ requests create no file", async () => {
    await rawRequest(server, `/media/${originals.media}?w=160`);
    const thumb = `thumbs/w160/${originals.media}.webp`;
    const attempts = [
      ...IMAGE_WIDTHS.flatMap((outer) =>
        IMAGE_WIDTHS.map((width) => `thumbs/w${outer}/${originals.media}.webp?w=${width}`),
      ),
      ...IMAGE_WIDTHS.map((width) => `thumbs/w160/thumbs/w320/${originals.media}.webp.webp?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `thumbs/w${width}/${thumb}.webp?w=160`),
      ...IMAGE_WIDTHS.map((width) => `thumbs/w160/${originals.businessImage}.webp?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `thumbs/w160/${originals.storyBackground}.webp?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `${deletedKey}?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `thumbs/w${width}/${deletedKey}.webp?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `${originals.media}.meta.json?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `${thumb}.meta.json?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `nobody/1700000000000-${width}.png?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `${originals.media.replace(".png", ".PNG")}?w=${width}`),
      ...IMAGE_WIDTHS.map((width) => `${originals.media}x?w=${width}`),
      // Encoded spellings of the same paths.
      ...["%74humbs", "thumbs%2Fw160", "THUMBS", "thumbs%2fw160%2f.."].map(
        (head) => `${head}/w160/${originals.media}.webp?w=320`,
      ),
      `${thumb.replace(".webp", "%2Ewebp")}?w=320`,
      `${originals.media}%2Emeta%2Ejson?w=320`,
      `${originals.media.replace("/", "%2F")}?w=320`,
      `${originals.media}%00.png?w=320`,
      `./${originals.media}?w=320`,
      // Widths that are not one of the fixed ones.
      ...["161", "-160", "1e9", "160.5", "0xa0", "%20160", "", "NaN", "Infinity"].map(
        (w) => `${originals.media}?w=${w}`,
      ),
      `${originals.media}?w=320&w=480`,
      `${originals.media}?w[]=320`,
      `${originals.media}?w[x]=320`,
    ];
    expect(attempts.length).toBeGreaterThanOrEqual(120);
    const before = await settledFiles(server);
    for (const attempt of attempts) {
      for (const method of ["GET", "HEAD"]) {
        const reply = await rawRequest(server, `/media/${attempt}`, method);
        expect(reply.status, `${method} ${attempt}`).toBeLessThan(500);
        expect(reply.body, attempt).not.toContain("contentType");
      }
    }
    expect(await settledFiles(server)).toEqual(before);
  });
});

describe("internal files and odd paths", () => {
  it("never serves a sidecar: each stored one's path is a 404", async () => {
    const sidecars = storedFiles(server).filter((file) => file.endsWith(".meta.json"));
    expect(sidecars.length).toBeGreaterThan(4);
    for (const sidecar of sidecars) {
      for (const spelling of [
        sidecar,
        sidecar.toUpperCase(),
        sidecar.replace(".meta.", "%2Emeta."),
        `${sidecar}?w=160`,
      ]) {
        const reply = await rawRequest(server, `/media/${spelling}`);
        expect(reply.status, spelling).toBe(404);
        expect(reply.body, spelling).not.toContain("contentType");
      }
    }
  });

  it("answers every made-up path with a 4xx or the file, never a 5xx", async () => {
    const pieces = [
      originals.media,
      "thumbs",
      "w160",
      ".meta.json",
      "..",
      "%2e%2e",
      "%2f",
      "%5c",
      "\\",
      "%00",
      "%",
      "%zz",
      "%c0%af",
      "%E2%80%AE",
      "%ff%fe",
      "é",
      ".tmp",
      "~",
      ";",
      "$",
      "*",
      "'",
      "x".repeat(300),
      "a/".repeat(200),
      "",
    ];
    const queries = ["", "?w=160", "?w=320", "?w=%00", "?w=../..", `?w=${"9".repeat(400)}`];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 600; i++) {
      const segments = Array.from({ length: 1 + random(4) }, () => pieces[random(pieces.length)]);
      const target = `/media/${segments.join(random(3) === 0 ? "" : "/")}${queries[random(queries.length)]}`;
      // Only what HTTP lets through unencoded is sent as is (the client refuses to send the rest).
      const reply = await rawRequest(server, target.replace(/[^\x21-\x7e]/g, encodeURIComponent));
      expect(reply.status, target).toBeLessThan(500);
      expect(reply.body, target).not.toContain("contentType");
    }
  });
});
