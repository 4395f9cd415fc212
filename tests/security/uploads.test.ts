import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
  cookie = await createSignedInAccount(server, "uploader@example.com");
});
afterAll(async () => {
  await server.stop();
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function upload(bytes: Buffer, fileName: string, type = "application/octet-stream") {
  const form = new FormData();
  form.set("title", "Attack");
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(`${server.url}/dashboard/media`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      toast?: { title: string };
      media?: { fileUrl: string; fileName: string; fileType: string };
    },
  };
}

/** The stored files under `dir`, without the screen renditions the media job makes later for accepted uploads. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).startsWith("renditions/"));
}

describe("upload attacks", () => {
  it("refuses SVG with script, HTML and executables renamed as images", async () => {
    const attacks: [string, Buffer, string][] = [
      [
        "logo.svg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "image/svg+xml",
      ],
      ["photo.png", Buffer.from("<!doctype html><script>alert(document.cookie)</script>"), "image/png"],
      [
        "photo.jpg",
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]),
        "image/jpeg",
      ],
      ["setup.jpg", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300, 0x90)]), "image/jpeg"],
      ["clip.mp4", Buffer.from("just some text pretending to be a video"), "video/mp4"],
    ];
    for (const [name, bytes, type] of attacks) {
      const result = await upload(bytes, name, type);
      expect(result.status, name).toBe(415);
      expect(result.body.toast?.title).toBe("Invalid file type");
    }
  });

  it("neutralises a GIF/HTML polyglot: stored and served only as an inert image", async () => {
    const polyglot = Buffer.concat([
      Buffer.from("GIF89a"),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from("<script>alert(1)</script>"),
    ]);
    const result = await upload(polyglot, "funny.html", "text/html");
    if (result.status === 415) return; // refusing it outright is just as safe
    expect(result.status).toBe(201);
    expect(result.body.media?.fileType).toBe("image/gif");
    expect(result.body.media?.fileUrl).toMatch(/\.gif$/);
    const served = await fetch(`${server.url}${result.body.media!.fileUrl}`);
    expect(served.headers.get("content-type")).toBe("image/gif");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("ignores path tricks in file names: nothing is written outside the storage root", async () => {
    const before = new Set(
      filesUnder(server.dataDir).filter((file) => !file.includes(`${path.sep}db${path.sep}`)),
    );
    for (const name of ["../../../etc/passwd.png", "..\\..\\evil.png", "a\u0000b.png", "/abs/path.png"]) {
      const result = await upload(PNG, name, "image/png");
      // Refused (400) or stored under a generated key with a cleaned display name: both are safe.
      expect([201, 400], name).toContain(result.status);
      if (result.status === 400) continue;
      // eslint-disable-next-line no-control-regex -- a NUL in the stored name is exactly what must not happen
      expect(result.body.media?.fileName).not.toMatch(/[/\\\u0000]/);
      expect(result.body.media?.fileUrl).toMatch(/^\/media\/[A-Za-z0-9]+\/\d+-[a-z0-9]+\.png$/);
    }
    const added = filesUnder(server.dataDir).filter(
      (file) => !before.has(file) && !file.includes(`${path.sep}db${path.sep}`),
    );
    const uploads = path.join(server.dataDir, "uploads") + path.sep;
    for (const file of added) {
      if (file.startsWith(path.join(server.dataDir, "mail"))) continue;
      expect(file.startsWith(uploads), file).toBe(true);
    }
    expect(fs.existsSync(path.resolve(server.dataDir, "../etc/passwd.png"))).toBe(false);
  });

  it("refuses an oversize file (over 100 MB) with 413 and keeps nothing", async () => {
    const uploadsDir = path.join(server.dataDir, "uploads");
    // Names, not a count: the media job may still be finishing earlier tests' uploads (its work files come and go).
    const before = new Set(filesUnder(uploadsDir));
    const chunk = Buffer.alloc(1024 * 1024, 0);
    PNG.copy(chunk);
    const parts = Array.from({ length: 101 }, (_, i) => (i === 0 ? chunk : Buffer.alloc(1024 * 1024)));
    const form = new FormData();
    form.set("title", "Too big");
    form.set(
      "file",
      new Blob(
        parts.map((part) => new Uint8Array(part)),
        { type: "image/png" },
      ),
      "big.png",
    );
    const response = await fetch(`${server.url}/dashboard/media`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(413);
    expect(filesUnder(uploadsDir).filter((file) => !before.has(file))).toEqual([]);
  });
});
