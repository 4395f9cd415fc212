import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, type Storage } from "../storage";
import { IMAGE_TYPES, MEDIA_TYPES, sanitizeFileName, storeUpload, UploadError } from ".";
import { TINY_PNG } from "../../../../tests/support/test-multipart";

const MB = 1024 * 1024;
let dir = "";
let storage: Storage;

async function refusalOf(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-store-upload-"));
  storage = createLocalStorage({ root: path.join(dir, "uploads") });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("storeUpload type detection", () => {
  const ebmlWebm = Buffer.from(
    "1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102",
    "hex",
  );
  const ftyp = (brand: string) =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from(`ftyp${brand}`, "latin1"),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from("isomiso2"),
    ]);
  const riff = (kind: string) =>
    Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from(kind, "latin1")]);
  const image = (format: "jpeg" | "gif" | "webp") => () =>
    sharp({ create: { width: 3, height: 2, channels: 3, background: "#0d6c78" } })
      .toFormat(format)
      .toBuffer();
  const cases: [string, Buffer | (() => Promise<Buffer>), string | null, string | null][] = [
    ["JPEG", image("jpeg"), "image/jpeg", "jpg"],
    ["PNG", TINY_PNG, "image/png", "png"],
    ["GIF", image("gif"), "image/gif", "gif"],
    ["WebP", image("webp"), "image/webp", "webp"],
    // Magic bytes alone: the type is detected, but an image whose header cannot be read is no image we can show.
    [
      "JPEG magic bytes",
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
      null,
      null,
    ],
    ["GIF magic bytes", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), null, null],
    ["WebP magic bytes", riff("WEBPVP8 "), null, null],
    ["MP4", ftyp("isom"), "video/mp4", "mp4"],
    ["M4V", ftyp("M4V "), "video/mp4", "mp4"],
    ["MOV", ftyp("qt  "), "video/quicktime", "mov"],
    ["AVI", riff("AVI LIST"), "video/vnd.avi", "avi"],
    ["WebM", ebmlWebm, "video/webm", "webm"],
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null, null],
    ["HTML", Buffer.from("<!doctype html><html></html>"), null, null],
    ["EXE", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]), null, null],
    ["PDF", Buffer.from("%PDF-1.7\n"), null, null],
    ["3GP", ftyp("3gp5"), null, null],
  ];

  for (const [label, bytes, mime, ext] of cases) {
    it(`${mime ? "accepts" : "refuses"} ${label}`, async () => {
      const content = Buffer.concat([Buffer.isBuffer(bytes) ? bytes : await bytes(), Buffer.alloc(64)]);
      const rule = { allow: MEDIA_TYPES, maxBytes: MB, keyPrefix: "t/" };
      if (!mime) {
        const error = await refusalOf(
          storeUpload(storage, Readable.from([content]), rule, `file.${label.split(" ")[0]!.toLowerCase()}`),
        );
        expect(error.reason).toBe("invalid-type");
        return;
      }
      const stored = await storeUpload(storage, Readable.from([content]), rule, "renamed.bin");
      expect(stored).toMatchObject({ mimeType: mime, size: content.length });
      expect(stored!.key.endsWith(`.${ext}`)).toBe(true);
      await storage.delete(stored!.key);
    });
  }

  it("detects across tiny chunks (the sample is gathered before detection)", async () => {
    const chunks = [...TINY_PNG].map((byte) => Buffer.from([byte]));
    const stored = await storeUpload(
      storage,
      Readable.from(chunks),
      { allow: IMAGE_TYPES, maxBytes: MB, keyPrefix: "t/" },
      "a.png",
    );
    expect(stored).toMatchObject({ mimeType: "image/png", size: TINY_PNG.length });
    await storage.delete(stored!.key);
  });

  it("refuses videos where only images are allowed", async () => {
    const error = await refusalOf(
      storeUpload(
        storage,
        Readable.from([ftyp("isom")]),
        { allow: IMAGE_TYPES, maxBytes: MB, keyPrefix: "t/" },
        "v.mp4",
      ),
    );
    expect(error.reason).toBe("invalid-type");
  });
});

describe("sanitizeFileName", () => {
  it("keeps a readable name and drops paths, control characters and bidi overrides", () => {
    expect(sanitizeFileName("C:\\fakepath\\My  photo.png", "x")).toBe("My photo.png");
    expect(sanitizeFileName("../../etc/passwd", "x")).toBe("passwd");
    expect(sanitizeFileName("evil\u202Egnp.exe", "x")).toBe("evilgnp.exe");
    expect(sanitizeFileName("tab\tname\u0000.jpg", "x")).toBe("tabname.jpg");
    expect(sanitizeFileName("   ", "upload.png")).toBe("upload.png");
    const long = sanitizeFileName(`${"a".repeat(400)}.webm`, "x");
    expect(long).toHaveLength(255);
    expect(long.endsWith(".webm")).toBe(true);
  });
});
