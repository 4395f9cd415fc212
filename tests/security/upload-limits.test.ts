import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gifBomb, jpegClaiming, pngBomb } from "../support/image-bombs";
import { createSignedInAccount } from "../support/http-accounts";
import { businessForm, postForm, settledFiles, storyForm, uploadMedia } from "../support/http-media";
import { startServer, type ServerProcess } from "../support/server-process";

// What one account can make the server store: images too large to resize (decompression bombs, forged headers)
// are refused at upload, on every form that takes images; and an account's uploads stop at its storage quota
// (here 2 MB), however they are sent, side by side included. Admins have no quota.

const KB = 1024;
const MB = 1024 * KB;
const PNG_HEAD = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** A 1 × 1 PNG padded to `bytes`: as large as wanted, cheap to resize. */
const filler = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(bytes - PNG_HEAD.length)]);

let server: ServerProcess;
let admin = "";
let bombs: [string, Buffer][] = [];

beforeAll(async () => {
  server = await startServer({
    TRUST_PROXY: "1",
    STORAGE_QUOTA_MB: "2",
    ADMIN_EMAILS: "limits-admin@example.com",
  });
  admin = await createSignedInAccount(server, "limits-admin@example.com");
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#345" } })
    .jpeg()
    .toBuffer();
  bombs = [
    ["PNG 20000 x 20000 (48 KB, 400 megapixels)", pngBomb(20_000, 20_000)],
    ["PNG 8000 x 8000 (64 megapixels)", pngBomb(8000, 8000)],
    ["PNG 16001 x 16 (too wide)", pngBomb(16_001, 16)],
    ["PNG 65535 x 65535, cut after the header", pngBomb(65_535, 65_535, { truncated: true })],
    ["GIF 65535 x 65535", gifBomb(65_535, 65_535)],
    ["JPEG whose header claims 20000 x 20000", jpegClaiming(jpeg, 20_000, 20_000)],
  ];
}, 120_000);
afterAll(async () => {
  await server.stop();
});

describe("images too large to resize", () => {
  it("are refused by the media upload with a clear message, keeping nothing", async () => {
    const owner = await createSignedInAccount(server, "bomber@example.com");
    const before = await settledFiles(server);
    for (const [label, bytes] of bombs) {
      for (const fileName of ["bomb.png", "bomb.jpg", "bomb.mp4"]) {
        const reply = await uploadMedia(server, owner, bytes, { fileName, type: "application/octet-stream" });
        expect(reply.status, label).toBe(422);
        expect(reply.body.toast?.title, label).toBe("Image too large");
        expect(reply.body.toast?.description, label).toMatch(/16,000 pixels on a side and 50 megapixels/);
      }
    }
    expect(await settledFiles(server)).toEqual(before);
  });

  it("are refused as business images and story backgrounds too", async () => {
    const owner = await createSignedInAccount(server, "bomber-business@example.com");
    const before = await settledFiles(server);
    for (const [label, bytes] of bombs) {
      for (const field of ["image", "owner_image"]) {
        const reply = await postForm(
          server,
          "/admin.data",
          businessForm("Bomb Shop", { [field]: bytes }),
          owner,
        );
        expect(reply.status, `${label} as ${field}`).toBe(422);
        expect(reply.text, label).toContain("50 megapixels");
      }
      const story = await postForm(server, "/admin/stories.data", storyForm("Bomb story", bytes), admin);
      expect(story.status, label).toBe(422);
      expect(story.text, label).toContain("50 megapixels");
    }
    expect(await settledFiles(server)).toEqual(before);
  });
});

describe("per-account storage quota", () => {
  it("stops an account at its quota with a message that says so, keeping nothing of what is refused", async () => {
    const owner = await createSignedInAccount(server, "hoarder@example.com");
    expect((await uploadMedia(server, owner, filler(1.5 * MB))).status).toBe(201);

    let before = await settledFiles(server);
    const tooBig = await uploadMedia(server, owner, filler(MB));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.toast).toMatchObject({
      title: "Storage full",
      description:
        "This upload does not fit in the 512 KB left of your 2 MB of storage. Delete some media to upload more.",
    });
    expect(await settledFiles(server)).toEqual(before);

    expect((await uploadMedia(server, owner, filler(0.5 * MB))).status).toBe(201);
    before = await settledFiles(server);
    for (const size of [KB, 10 * KB, 30 * MB]) {
      const full = await uploadMedia(server, owner, filler(size));
      expect(full.status).toBe(413);
      expect(full.body.toast?.description).toBe(
        "You have used your 2 MB of storage. Delete some media to upload more.",
      );
    }
    const business = await postForm(
      server,
      "/admin.data",
      businessForm("Full Shop", { image: filler(KB) }),
      owner,
    );
    expect(business.status).toBe(413);
    expect(business.text).toContain("You have used your 2 MB of storage.");
    expect(await settledFiles(server)).toEqual(before);
  });

  it("holds when one account sends many uploads at once", async () => {
    const owner = await createSignedInAccount(server, "racer@example.com");
    const before = (await settledFiles(server)).length;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => uploadMedia(server, owner, filler(600 * KB))),
    );
    const accepted = replies.filter((reply) => reply.status === 201).length;
    expect(accepted).toBe(3);
    expect(replies.filter((reply) => reply.status === 413)).toHaveLength(8 - accepted);
    // Each stored file has its sidecar; nothing of the refused uploads stays.
    expect((await settledFiles(server)).length).toBe(before + accepted * 2);
  });

  it("does not apply to admins", async () => {
    for (let i = 0; i < 3; i++) expect((await uploadMedia(server, admin, filler(MB))).status).toBe(201);
  });
});
