import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, type Storage } from "~/.server/infra/storage";
import { pngBomb } from "../tests/support/image-bombs";
import { mediaRouter } from "./media-route";

const CONTENT = "0123456789abcdefghij"; // 20 bytes
const KEY = "user-1/1700000000000-abc.png";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let dir = "";
let server: http.Server;
let port = 0;
let storage: Storage;
/** Swapped in by the stream-failure test; otherwise the plain local storage. */
let current: () => Storage;
/** The originals "the database knows": the only files that get resized copies. */
const known = new Set<string>();

/** Raw HTTP so that paths reach the server exactly as written (fetch would normalise `..` and `%2e%2e`). */
function request(rawPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: rawPath, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-media-"));
  const root = path.join(dir, "data", "uploads");
  storage = createLocalStorage({ root });
  current = () => storage;
  await storage.put(KEY, Readable.from([Buffer.from(CONTENT)]), { contentType: "image/png" });
  // Files just outside the root that a traversal would reach: they must never be served.
  await writeFile(path.join(dir, "data", "secret"), "SECRET-DATA");
  await mkdir(path.join(dir, "etc"), { recursive: true });
  await writeFile(path.join(dir, "etc", "passwd"), "SECRET-PASSWD");

  const app = express();
  app.use(
    "/media",
    mediaRouter(() => current(), { isKnownOriginal: async (key) => known.has(key) }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("GET /media/*key", () => {
  it("serves the file with its stored type and safe caching headers", async () => {
    const reply = await request(`/media/${KEY}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(CONTENT);
    expect(reply.headers["content-type"]).toBe("image/png");
    expect(reply.headers["content-length"]).toBe("20");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["etag"]).toMatch(/^".+"$/);
    expect(reply.headers["last-modified"]).toBeTruthy();
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers["accept-ranges"]).toBe("bytes");
    expect(reply.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(reply.headers["content-disposition"]).toBe("inline");
  });

  it("answers HEAD with the headers and no body", async () => {
    const reply = await request(`/media/${KEY}`, {}, "HEAD");
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("");
    expect(reply.headers["content-length"]).toBe("20");
    expect(reply.headers["content-type"]).toBe("image/png");
  });

  it("serves single byte ranges with 206", async () => {
    const cases: [string, string, string][] = [
      ["bytes=2-5", "2345", "bytes 2-5/20"],
      ["bytes=15-", "fghij", "bytes 15-19/20"],
      ["bytes=-3", "hij", "bytes 17-19/20"],
      ["bytes=0-0", "0", "bytes 0-0/20"],
      ["bytes=18-500", "ij", "bytes 18-19/20"],
      ["bytes=-500", CONTENT, "bytes 0-19/20"],
    ];
    for (const [range, body, contentRange] of cases) {
      const reply = await request(`/media/${KEY}`, { Range: range });
      expect(reply.status, range).toBe(206);
      expect(reply.body, range).toBe(body);
      expect(reply.headers["content-range"], range).toBe(contentRange);
      expect(reply.headers["content-length"], range).toBe(String(body.length));
    }
  });

  it("answers 416 for a range beyond the end", async () => {
    for (const range of ["bytes=20-", "bytes=100-200", "bytes=-0"]) {
      const reply = await request(`/media/${KEY}`, { Range: range });
      expect(reply.status, range).toBe(416);
      expect(reply.headers["content-range"], range).toBe("bytes */20");
      expect(reply.body, range).toBe("");
    }
  });

  it("ignores range headers it does not handle and sends the whole file", async () => {
    for (const range of ["bytes=5-2", "bytes=0-1,4-5", "items=0-1", "bytes=abc"]) {
      const reply = await request(`/media/${KEY}`, { Range: range });
      expect(reply.status, range).toBe(200);
      expect(reply.body, range).toBe(CONTENT);
    }
  });

  it("honours If-Range only for the current version", async () => {
    const { headers } = await request(`/media/${KEY}`);
    const etag = String(headers["etag"]);
    expect((await request(`/media/${KEY}`, { Range: "bytes=0-1", "If-Range": etag })).status).toBe(206);
    const stale = await request(`/media/${KEY}`, { Range: "bytes=0-1", "If-Range": '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(CONTENT);
  });

  it("answers 304 to a matching If-None-Match or If-Modified-Since", async () => {
    const { headers } = await request(`/media/${KEY}`);
    const etag = String(headers["etag"]);
    const conditionals: Record<string, string>[] = [
      { "If-None-Match": etag },
      { "If-None-Match": `"other", W/${etag}` },
      { "If-None-Match": "*" },
      { "If-Modified-Since": String(headers["last-modified"]) },
    ];
    for (const conditional of conditionals) {
      const reply = await request(`/media/${KEY}`, conditional);
      expect(reply.status, JSON.stringify(conditional)).toBe(304);
      expect(reply.body).toBe("");
      expect(reply.headers["etag"]).toBe(etag);
      expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const changed = await request(`/media/${KEY}`, { "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(CONTENT);
  });

  it("answers 404 for a missing file", async () => {
    for (const missing of ["/media/user-1/nope.png", "/media/user-1", "/media/", "/media"]) {
      const reply = await request(missing);
      expect(reply.status, missing).toBe(404);
      expect(reply.headers["cache-control"], missing).not.toContain("immutable");
    }
  });

  it("never serves anything outside the uploads root", async () => {
    const attempts = [
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
      "/media/%2e%2e/secret",
      "/media/%2E%2E/secret",
      "/media/%2e%2e%2fsecret",
      "/media/../secret",
      "/media/user-1/../../secret",
      "/media/user-1/%2e%2e/%2e%2e/secret",
      "/media/..%5csecret",
      "/media/user-1%5c..%5c..%5csecret",
      "/media/%2fetc%2fpasswd",
      "/media//etc/passwd",
      "/media/secret%00.png",
      "/media/%E0%A4%A",
      "/media/.tmp",
      // Internal sidecars (what put() was told about a file), in any spelling: never a 500, never their content.
      `/media/${KEY}.meta.json`,
      `/media/${KEY}.META.json`,
      `/media/${KEY}%2Emeta%2Ejson`,
      `/media/${KEY}.meta.json?w=320`,
      `/media/user-1/${"x".repeat(240)}.png`,
      `/media/${"a/".repeat(300)}b.png`,
    ];
    for (const attempt of attempts) {
      const reply = await request(attempt);
      expect(reply.status, attempt).toBe(404);
      expect(reply.body, attempt).not.toContain("SECRET");
      expect(reply.body, attempt).not.toContain("root:");
      expect(reply.body, attempt).not.toContain("contentType");
    }
  });

  it("leaves other methods to the rest of the app", async () => {
    const reply = await request(`/media/${KEY}`, {}, "POST");
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain(CONTENT);
  });

  it("survives a storage stream that fails mid-response", async () => {
    current = () => ({
      ...storage,
      async read() {
        return Readable.from(
          (async function* () {
            yield Buffer.from("01234");
            throw new Error("disk went away");
          })(),
        );
      },
    });
    try {
      const outcome = await request(`/media/${KEY}`).then(
        (reply) => reply.body.length,
        () => "aborted",
      );
      // Either the connection is cut or the body is short: never the full file, never a crash.
      expect(outcome).not.toBe(CONTENT.length);
    } finally {
      current = () => storage;
    }
    expect((await request(`/media/${KEY}`)).status).toBe(200);
  });

  it("answers 500 (through Express) when storage fails before sending, without crashing", async () => {
    current = () => ({
      ...storage,
      async stat() {
        throw new Error("storage is down");
      },
    });
    try {
      const reply = await request(`/media/${KEY}`);
      // The app's error handler turns this into the generic message; here Express's default one answers.
      expect(reply.status).toBe(500);
    } finally {
      current = () => storage;
    }
  });
});

describe("resized images", () => {
  it("serves ?w=320 as a smaller WebP made once, and leaves non-images and odd widths alone", async () => {
    const sharp = (await import("sharp")).default;
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0d6c78" } })
      .png()
      .toBuffer();
    await storage.put("user-1/big.png", Readable.from([big]), { contentType: "image/png" });
    known.add("user-1/big.png");

    const resized = await new Promise<{ status: number; type?: string; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/media/user-1/big.png?w=320", agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              type: res.headers["content-type"],
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    });
    expect(resized.status).toBe(200);
    expect(resized.type).toBe("image/webp");
    const meta = await sharp(resized.body).metadata();
    expect(meta.width).toBe(320);
    expect(resized.body.length).toBeLessThan(big.length);
    expect(await storage.stat("thumbs/w320/user-1/big.png.webp")).not.toBeNull();

    const odd = await request("/media/user-1/big.png?w=333");
    expect(odd.headers["content-type"]).toBe("image/png");
  });

  it("answers 404 (not 500) for a known image too large to resize, and still serves the original", async () => {
    await storage.put("user-1/bomb.png", Readable.from([pngBomb(20_000, 20_000)]), {
      contentType: "image/png",
    });
    known.add("user-1/bomb.png");
    for (const width of [160, 320, 160]) {
      const reply = await request(`/media/user-1/bomb.png?w=${width}`);
      expect(reply.status).toBe(404);
      expect(reply.headers["cache-control"]).toBe("no-store");
    }
    expect(await storage.stat("thumbs/w160/user-1/bomb.png.webp")).toBeNull();
    expect((await request("/media/user-1/bomb.png")).status).toBe(200);
  });

  it("serves a thumbnail's thumbnail as the thumbnail itself, making nothing", async () => {
    const reply = await request("/media/thumbs/w320/user-1/big.png.webp?w=160");
    expect(reply.status).toBe(200);
    expect(await storage.stat("thumbs/w160/thumbs/w320/user-1/big.png.webp.webp")).toBeNull();
  });
});
