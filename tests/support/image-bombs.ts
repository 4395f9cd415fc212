import { crc32, deflateSync } from "node:zlib";

// Images whose header promises far more pixels than their few bytes suggest: what a decompression bomb looks like
// to an upload check or a thumbnail maker. Built by hand so that tests need no large fixtures.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `width` × `height` black pixels (1-bit grayscale): the pixel data is all zeros, so it deflates to
 * about a thousandth of its size. 20000 × 20000 is ~50 KB on disk and 400 megapixels once decoded.
 * With `truncated`, only the header and the start of the pixel data are kept (cheap to make at any size).
 */
export function pngBomb(width: number, height: number, { truncated = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const rows = truncated ? Math.min(height, 4) : height;
  const pixels = deflateSync(Buffer.alloc(rowBytes * rows), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    ...(truncated ? [] : [pngChunk("IEND", Buffer.alloc(0))]),
  ]);
}

/** A GIF of one `width` × `height` frame (up to 65535 each) whose pixel data stops after the first pixel. */
export function gifBomb(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.writeUInt8(0x80, 4); // global colour table of 2 entries
  const descriptor = Buffer.alloc(10);
  descriptor.writeUInt8(0x2c, 0);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    descriptor,
    // LZW minimum code size 2, one sub-block: clear, pixel 0, end.
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
    Buffer.from([0x3b]),
  ]);
}

/** `jpeg` (a real JPEG) with the dimensions in its frame header replaced: what a forged JPEG header looks like. */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let at = 2; at + 9 < copy.length;) {
    const marker = copy[at + 1]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, then height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + copy.readUInt16BE(at + 2);
  }
  throw new Error("no frame header found");
}

/** `jpeg` with `segments` application segments of ~64 KB each before its frame header (as large EXIF/XMP do). */
export function jpegWithLargeMetadata(jpeg: Buffer, segments: number): Buffer {
  const segment = Buffer.alloc(2 + 0xffff, 0x20);
  segment.writeUInt8(0xff, 0);
  segment.writeUInt8(0xe9, 1);
  segment.writeUInt16BE(0xffff, 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    ...Array.from({ length: segments }, () => segment),
    jpeg.subarray(2),
  ]);
}
