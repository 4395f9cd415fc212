import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver } from "../../../../tests/support/s3rver";
import { createStorage } from "./index";
import { createLocalStorage } from "./local-storage";
import { createS3Storage, type S3Storage } from "./s3-storage";
import { FileTooLargeError, InvalidStorageKeyError, type Storage } from "./storage";

const MB = 1024 * 1024;
const INVALID_KEYS = [
  ...["../x", "/abs", "a/../../b", "a\u0000b", "a\\b", "", "a//b", ".hidden", "a/"],
  // Sidecar names (any case) and names longer than a file system takes.
  ...["u/a.jpg.meta.json", "u/a.jpg.META.JSON", "x.meta.json", `u/${"x".repeat(201)}`, "x/".repeat(257)],
];

function bodyOf(content: string | Buffer): Readable {
  return Readable.from([Buffer.from(content)]);
}

/** `total` bytes in 256 KiB chunks, optionally failing after `failAfter` bytes. */
function generated(total: number, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      const chunk = Buffer.alloc(256 * 1024, 7);
      for (let sent = 0; sent < total; sent += chunk.length) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error("client went away");
        yield chunk.subarray(0, Math.min(chunk.length, total - sent));
      }
    })(),
  );
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("expected a stream");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Harness {
  storage: Storage;
  /** Extra implementation-specific check that a failed put left nothing behind. */
  assertNoLeftovers(): Promise<void>;
}

function contractSuite(name: string, setup: () => Promise<Harness>, teardown: () => Promise<void>) {
  describe(`${name} storage contract`, () => {
    let storage: Storage;
    let harness: Harness;
    beforeAll(async () => {
      harness = await setup();
      storage = harness.storage;
    });
    afterAll(teardown);

    it("puts, stats, reads, range-reads and deletes", async () => {
      const key = "user-1/1700000000000-abc.txt";
      const result = await storage.put(key, bodyOf("hello, storage"), { contentType: "text/plain" });
      expect(result).toEqual({ size: 14 });

      const info = await storage.stat(key);
      expect(info).not.toBeNull();
      expect(info?.size).toBe(14);
      expect(info?.contentType).toBe("text/plain");
      expect(info?.etag).toMatch(/^(W\/)?".+"$/);
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(Date.now() - (info?.lastModified.getTime() ?? 0))).toBeLessThan(60_000);

      expect(await text((await storage.read(key)) as Readable)).toBe("hello, storage");
      expect(await text((await storage.read(key, { start: 7, end: 13 })) as Readable)).toBe("storage");
      // (Not 0-0: s3rver, the test double, mistakes an end of 0 for "to the end".)
      expect(await text((await storage.read(key, { start: 0, end: 1 })) as Readable)).toBe("he");

      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.read(key)).toBeNull();
    });

    it("keeps the content type given at put time, not one guessed from the name", async () => {
      const key = "user-1/photo.bin";
      await storage.put(key, bodyOf(Buffer.from([0x89, 0x50, 0x4e, 0x47])), { contentType: "image/png" });
      expect((await storage.stat(key))?.contentType).toBe("image/png");
      await storage.delete(key);
    });

    it("answers null for missing keys and deletes missing keys quietly", async () => {
      expect(await storage.stat("nobody/nothing.jpg")).toBeNull();
      expect(await storage.read("nobody/nothing.jpg")).toBeNull();
      await expect(storage.delete("nobody/nothing.jpg")).resolves.toBeUndefined();
    });

    it("stores a multi-part sized file intact", async () => {
      const key = "user-2/large.bin";
      const size = 6 * MB + 123;
      expect(
        await storage.put(key, generated(size), { contentType: "video/mp4", maxBytes: 100 * MB }),
      ).toEqual({
        size,
      });
      expect((await storage.stat(key))?.size).toBe(size);
      const tail = await bytesOf(await storage.read(key, { start: size - 10, end: size - 1 }));
      expect(tail).toEqual(Buffer.alloc(10, 7));
      await storage.delete(key);
    });

    it("accepts exactly maxBytes", async () => {
      const key = "user-3/exact.txt";
      await expect(
        storage.put(key, bodyOf("0123456789"), { contentType: "text/plain", maxBytes: 10 }),
      ).resolves.toEqual({ size: 10 });
      await storage.delete(key);
    });

    it("refuses a file over maxBytes and keeps nothing", async () => {
      const key = "user-3/too-big.txt";
      const error = await storage
        .put(key, bodyOf("x".repeat(100)), { contentType: "text/plain", maxBytes: 10 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FileTooLargeError);
      expect((error as FileTooLargeError).maxBytes).toBe(10);
      expect(await storage.stat(key)).toBeNull();
      await harness.assertNoLeftovers();
    });

    it("refuses a large streamed file over maxBytes mid-way (multipart) and keeps nothing", async () => {
      const key = "user-3/too-big.mp4";
      await expect(
        storage.put(key, generated(12 * MB), { contentType: "video/mp4", maxBytes: 7 * MB }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await storage.stat(key)).toBeNull();
      await harness.assertNoLeftovers();
    });

    it("keeps nothing when the incoming stream fails mid-way", async () => {
      for (const [key, total, failAfter] of [
        ["user-4/broken.jpg", 2 * MB, MB],
        ["user-4/broken-large.mp4", 12 * MB, 6 * MB],
      ] as const) {
        await expect(
          storage.put(key, generated(total, failAfter), { contentType: "image/jpeg" }),
        ).rejects.toThrow("client went away");
        expect(await storage.stat(key)).toBeNull();
      }
      await harness.assertNoLeftovers();
    });

    it("keeps nothing when the incoming stream is destroyed without an error", async () => {
      const key = "user-4/aborted.jpg";
      const body = new Readable({ read() {} });
      body.push(Buffer.alloc(1024));
      setTimeout(() => body.destroy(), 20);
      await expect(storage.put(key, body, { contentType: "image/jpeg" })).rejects.toThrow();
      expect(await storage.stat(key)).toBeNull();
      await harness.assertNoLeftovers();
    });

    it("rejects invalid keys everywhere", async () => {
      for (const key of INVALID_KEYS) {
        await expect(storage.put(key, bodyOf("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      await harness.assertNoLeftovers();
    });
  });
}

// --- local disk -------------------------------------------------------------------------------------------------

let localDir = "";
contractSuite(
  "local",
  async () => {
    localDir = await mkdtemp(path.join(os.tmpdir(), "local-shine-storage-"));
    const root = path.join(localDir, "uploads");
    return {
      storage: createLocalStorage({ root }),
      async assertNoLeftovers() {
        // Temp files must be cleaned, and nothing may have been written beside root (e.g. by "../x").
        expect(await readdir(path.join(root, ".tmp")).catch(() => [])).toEqual([]);
        expect(await readdir(localDir)).toEqual(["uploads"]);
      },
    };
  },
  async () => {
    await rm(localDir, { recursive: true, force: true });
  },
);

describe("local storage specifics", () => {
  it("serves publicUrl under /media by default and under a given base", () => {
    expect(createLocalStorage({ root: "/tmp/x" }).publicUrl("u/a.jpg")).toBe("/media/u/a.jpg");
    expect(createLocalStorage({ root: "/tmp/x", publicBaseUrl: "/files" }).publicUrl("u/a.jpg")).toBe(
      "/files/u/a.jpg",
    );
  });

  it("refuses keys that would collide with metadata sidecars", async () => {
    const storage = createLocalStorage({ root: path.join(os.tmpdir(), "local-shine-unused") });
    await expect(storage.stat("u/a.jpg.meta.json")).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it("createStorage picks local disk under DATA_DIR/uploads by default", () => {
    const storage = createStorage({
      STORAGE: "local",
      DATA_DIR: "./data",
      S3_BUCKET: "media",
      S3_REGION: "us-east-1",
    });
    expect(storage.kind).toBe("local");
    expect(storage.publicUrl("k/v.png")).toBe("/media/k/v.png");
  });

  it("createStorage picks S3 when STORAGE=s3", () => {
    const storage = createStorage({
      STORAGE: "s3",
      DATA_DIR: "./data",
      S3_BUCKET: "media",
      S3_REGION: "us-east-1",
      S3_PUBLIC_URL: "https://cdn.example/",
    });
    expect(storage.kind).toBe("s3");
    expect(storage.publicUrl("k/v.png")).toBe("https://cdn.example/k/v.png");
    (storage as S3Storage).close();
  });
});

// --- S3 (s3rver) -------------------------------------------------------------------------------------------------

let s3rver: Awaited<ReturnType<typeof startS3rver>> | undefined;
let s3Storage: S3Storage | undefined;
contractSuite(
  "s3",
  async () => {
    s3rver = await startS3rver();
    const s3Dir = s3rver.directory;
    const storage = createS3Storage({
      bucket: "media",
      endpoint: s3rver.endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    s3Storage = storage;
    return {
      storage,
      async assertNoLeftovers() {
        // s3rver keeps objects as files under directory/bucket; only the bucket's own metadata may remain.
        const files = await readdir(path.join(s3Dir, "media"), { recursive: true }).catch(() => []);
        expect(files.filter((file) => !file.startsWith(".") && !file.endsWith(".tmp"))).toEqual([]);
      },
    };
  },
  async () => {
    s3Storage?.close();
    await s3rver?.close();
  },
);

describe("s3 storage specifics", () => {
  it("proxies through /media unless a public URL is set", () => {
    const proxied = createS3Storage({ bucket: "b", region: "us-east-1" });
    const direct = createS3Storage({
      bucket: "b",
      region: "us-east-1",
      publicBaseUrl: "https://cdn.example/media",
    });
    expect(proxied.publicUrl("u/a.jpg")).toBe("/media/u/a.jpg");
    expect(direct.publicUrl("u/a.jpg")).toBe("https://cdn.example/media/u/a.jpg");
    proxied.close();
    direct.close();
  });
});
