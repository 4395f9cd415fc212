import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalStorage, type Storage } from "../storage";
import { IMAGE_TYPES, MEDIA_TYPES, receiveMultipartUpload, storeUpload, UploadError } from ".";
import { gifBomb, jpegClaiming, jpegWithLargeMetadata, pngBomb } from "../../../../tests/support/image-bombs";
import { generatedBytes, multipartBody, TINY_PNG } from "../../../../tests/support/test-multipart";

const MB = 1024 * 1024;
const rule = { allow: MEDIA_TYPES, maxBytes: 100 * MB, keyPrefix: "t/" };
let dir = "";
let storage: Storage;
let jpeg: Buffer;

async function refusalOf(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dir, "uploads"), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** `bytes` in 16 KiB chunks, as a network would deliver them. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 16384) }, (_, i) =>
      bytes.subarray(i * 16384, (i + 1) * 16384),
    ),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-upload-limits-"));
  storage = createLocalStorage({ root: path.join(dir, "uploads") });
  jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#0d6c78" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("image dimensions at upload", () => {
  it("refuses images too large to resize from their header, before storing a byte", async () => {
    const put = vi.spyOn(storage, "put");
    const bombs: [string, Buffer][] = [
      ["PNG 20000 x 20000 (a real 400-megapixel deflate bomb)", pngBomb(20_000, 20_000)],
      ["PNG 8000 x 8000 (64 megapixels)", pngBomb(8000, 8000)],
      ["PNG 16001 x 10 (too wide)", pngBomb(16_001, 10, { truncated: true })],
      ["PNG 10 x 16001 (too tall)", pngBomb(10, 16_001, { truncated: true })],
      ["PNG 30000 x 30000, cut after the header", pngBomb(30_000, 30_000, { truncated: true })],
      ["GIF 65535 x 65535", gifBomb(65_535, 65_535)],
      ["JPEG claiming 20000 x 20000", jpegClaiming(jpeg, 20_000, 20_000)],
      [
        "JPEG claiming 60000 x 60000 behind 300 KB of metadata",
        jpegClaiming(jpegWithLargeMetadata(jpeg, 5), 60_000, 60_000),
      ],
    ];
    for (const [label, bytes] of bombs) {
      const error = await refusalOf(storeUpload(storage, chunked(bytes), rule, "bomb.png"));
      expect(error.reason, label).toBe("image-too-large");
      expect(error.status, label).toBe(422);
    }
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    expect(await storedFiles()).toEqual([]);
  });

  it("accepts images up to the limits, wherever the header sits", async () => {
    const fine: [string, Buffer][] = [
      ["PNG 7000 x 7000 (49 megapixels)", pngBomb(7000, 7000, { truncated: true })],
      ["PNG 16000 x 3000", pngBomb(16_000, 3000, { truncated: true })],
      ["JPEG behind 1.3 MB of metadata", jpegWithLargeMetadata(jpeg, 20)],
    ];
    for (const [label, bytes] of fine) {
      const stored = await storeUpload(storage, chunked(bytes), rule, "fine.png");
      expect(stored?.size, label).toBe(bytes.length);
      await storage.delete(stored!.key);
    }
  });

  it("refuses an image whose header never arrives within the first 4 MB", async () => {
    const error = await refusalOf(
      storeUpload(storage, chunked(jpegWithLargeMetadata(jpeg, 70)), rule, "metadata-bomb.jpg"),
    );
    expect(error.reason).toBe("invalid-type");
    expect(await storedFiles()).toEqual([]);
  });
});

describe("storage quota while streaming", () => {
  it("refuses a file that takes the quota below zero, keeps nothing and counts down what fits", async () => {
    const quota = { remainingBytes: 3 * MB };
    const big = generatedBytes(5 * MB, { head: TINY_PNG });
    const error = await refusalOf(storeUpload(storage, Readable.from(big), rule, "big.png", quota));
    expect(error.reason).toBe("over-quota");
    expect(error.status).toBe(413);
    expect(await storedFiles()).toEqual([]);

    const fits = { remainingBytes: 3 * MB };
    const stored = await storeUpload(storage, Readable.from([TINY_PNG]), rule, "small.png", fits);
    expect(fits.remainingBytes).toBe(3 * MB - TINY_PNG.length);
    await storage.delete(stored!.key);
  });

  it("counts every file of a request together and refuses unread what announces more than is left", async () => {
    const parts = [
      {
        field: "image",
        filename: "a.png",
        contentType: "image/png",
        content: generatedBytes(MB, { head: TINY_PNG }),
      },
      {
        field: "owner",
        filename: "b.png",
        contentType: "image/png",
        content: generatedBytes(MB, { head: TINY_PNG }),
      },
    ];
    const { body, contentType } = multipartBody({ name: "x" }, parts);
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
      duplex: "half",
    } as RequestInit);
    const images = { allow: IMAGE_TYPES, maxBytes: 20 * MB, keyPrefix: "t/" };
    const options = { files: { image: images, owner: images }, quota: { remainingBytes: 1.5 * MB } };
    expect((await refusalOf(receiveMultipartUpload(request, storage, options))).reason).toBe("over-quota");
    expect(await storedFiles()).toEqual([]);

    const announced = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": contentType, "Content-Length": String(40 * MB) },
      body: multipartBody({}, []).body,
      duplex: "half",
    } as RequestInit);
    const put = vi.spyOn(storage, "put");
    const refused = await refusalOf(
      receiveMultipartUpload(announced, storage, { ...options, quota: { remainingBytes: MB } }),
    );
    expect(refused.reason).toBe("over-quota");
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it("refuses a file part before storing it when nothing is left", async () => {
    const { body, contentType } = multipartBody({}, [
      { field: "file", filename: "a.png", contentType: "image/png", content: TINY_PNG },
    ]);
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
      duplex: "half",
    } as RequestInit);
    const put = vi.spyOn(storage, "put");
    const error = await refusalOf(
      receiveMultipartUpload(request, storage, { files: { file: rule }, quota: { remainingBytes: 0 } }),
    );
    expect(error.reason).toBe("over-quota");
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });
});
