import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pngBomb } from "../../../../tests/support/image-bombs";
import { KeyMemo } from "./key-memo";
import { createLocalStorage, type Storage } from ".";
import { createThumbnailer, thumbnailKey } from "./thumbnails";

const PHOTO = "user-1/1700000000000-photo.png";
const BOMB = "user-1/1700000000001-bomb.png";
const BROKEN = "user-1/1700000000002-broken.png";
const ORPHAN = "user-1/1700000000003-orphan.png";
const VIDEO = "user-1/1700000000004-clip.mp4";

let dir = "";
let storage: Storage;
const known = new Set([PHOTO, BOMB, BROKEN, VIDEO]);
const isKnownOriginal = vi.fn(async (key: string) => known.has(key));

async function files(): Promise<string[]> {
  const entries = await readdir(path.join(dir, "uploads"), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const put = (key: string, bytes: Buffer, contentType: string) =>
  storage.put(key, Readable.from([bytes]), { contentType });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-thumbnails-"));
  storage = createLocalStorage({ root: path.join(dir, "uploads") });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0d6c78" } })
    .png()
    .toBuffer();
  await put(PHOTO, photo, "image/png");
  await put(ORPHAN, photo, "image/png");
  await put(BOMB, pngBomb(20_000, 20_000), "image/png");
  // A readable header (800 x 600) whose pixel data is cut off: it cannot be decoded.
  await put(BROKEN, photo.subarray(0, 200), "image/png");
  await put(VIDEO, Buffer.from("not really a video"), "video/mp4");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  isKnownOriginal.mockClear();
});

describe("createThumbnailer", () => {
  it("makes one WebP copy of a known original per width and then serves it without asking again", async () => {
    const thumbnails = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    const target = thumbnailKey(PHOTO, 320);
    expect(await thumbnails.answer(PHOTO, 320)).toEqual({ key: target });
    const meta = await sharp(await readAll(target)).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 320]);
    expect(isKnownOriginal).toHaveBeenCalledTimes(1);

    const again = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    expect(await again.answer(PHOTO, 320)).toEqual({ key: target });
    expect(isKnownOriginal).toHaveBeenCalledTimes(1);
  });

  it("makes a copy once however many ask at the same moment", async () => {
    const thumbnails = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    const spy = vi.spyOn(storage, "put");
    const answers = await Promise.all(Array.from({ length: 8 }, () => thumbnails.answer(PHOTO, 640)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("answers the key as it is, creating nothing, for thumbnails, unknown keys, non-images, odd widths", async () => {
    const thumbnails = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    await thumbnails.answer(PHOTO, 160);
    isKnownOriginal.mockClear();
    const before = await files();
    const thumb = thumbnailKey(PHOTO, 160);
    const asked: [string, number][] = [
      ...[160, 320, 480, 640, 960, 1280].map((width): [string, number] => [thumb, width]),
      [thumbnailKey(thumb, 320), 480],
      [`thumbs/w160/thumbs/w320/${PHOTO}.webp.webp`, 160],
      [ORPHAN, 320],
      [ORPHAN, 480],
      ["user-1/1700000000009-deleted.png", 320],
      ["nobody/x.png", 160],
      [VIDEO, 320],
      [PHOTO, 333],
      [PHOTO, 0],
      [`user-1/${"x".repeat(195)}`, 320],
    ];
    for (const [key, width] of asked) {
      expect(await thumbnails.answer(key, width), `${key} w${width}`).toEqual({ key });
    }
    expect(await files()).toEqual(before);
    // Only files that exist as resizable images reach the database, and an unknown one only once a minute.
    expect(isKnownOriginal.mock.calls.map(([key]) => key)).toEqual([ORPHAN]);
  });

  it("refuses a known image too large to resize from its header, and does not read it again", async () => {
    const thumbnails = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    const read = vi.spyOn(storage, "read");
    const before = await files();
    for (const width of [160, 320, 160, 480, 1280, 160]) {
      expect(await thumbnails.answer(BOMB, width)).toBe("refused");
    }
    // One ranged read of the header, never the whole file, never a decode.
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![1]).toEqual({ start: 0, end: expect.any(Number) });
    read.mockRestore();
    expect(await files()).toEqual(before);
  });

  it("refuses a known image that cannot be decoded once, without trying again", async () => {
    const thumbnails = createThumbnailer({ getStorage: () => storage, isKnownOriginal });
    const read = vi.spyOn(storage, "read");
    const before = await files();
    for (const width of [160, 320, 160]) expect(await thumbnails.answer(BROKEN, width)).toBe("refused");
    // The header, then the whole file for the one decode attempt.
    expect(read).toHaveBeenCalledTimes(2);
    read.mockRestore();
    expect(await files()).toEqual(before);
  });

  it("lets a storage failure through (a server fault, not the image's)", async () => {
    const failing: Storage = {
      ...storage,
      async stat() {
        throw new Error("disk went away");
      },
    };
    const thumbnails = createThumbnailer({ getStorage: () => failing, isKnownOriginal });
    await expect(thumbnails.answer(PHOTO, 960)).rejects.toThrow("disk went away");
  });
});

describe("KeyMemo", () => {
  it("forgets the oldest key past its size and any key past its age", () => {
    let now = 0;
    const memo = new KeyMemo(2, 1000, () => now);
    memo.add("a");
    memo.add("b");
    memo.add("c");
    expect([memo.has("a"), memo.has("b"), memo.has("c"), memo.size]).toEqual([false, true, true, 2]);
    now = 999;
    expect(memo.has("b")).toBe(true);
    now = 1000;
    expect(memo.has("b")).toBe(false);
  });
});

async function readAll(key: string): Promise<Buffer> {
  const stream = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
