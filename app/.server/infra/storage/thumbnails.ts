import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import { MAX_IMAGE_PIXELS } from "~/lib/upload-types";
import { logger } from "../logging/logger";
import {
  DIMENSIONS_PROBE_BYTES,
  isOversized,
  probeDimensions,
  type ImageDimensions,
} from "./image-dimensions";
import { KeyMemo } from "./key-memo";
import { isValidKey, type Storage } from "./storage";

const RESIZABLE = /^image\/(jpeg|png|webp|gif)$/;
const THUMBNAIL_PREFIX = "thumbs/";

export function thumbnailKey(key: string, width: number) {
  return `${THUMBNAIL_PREFIX}w${width}/${key}.webp`;
}

/** Resized copies live under `thumbs/`; no upload's key starts so (keys start with a user id or a fixed folder). */
export function isThumbnailKey(key: string) {
  return key.startsWith(THUMBNAIL_PREFIX);
}

export function isThumbnailWidth(value: unknown): value is (typeof IMAGE_WIDTHS)[number] {
  return IMAGE_WIDTHS.includes(Number(value) as (typeof IMAGE_WIDTHS)[number]);
}

/**
 * What to send for `/media/{key}?w={width}`: `{ key }`, the resized copy or the file as it is (for anything that is
 * not an original we resize), or "refused" for a known image too large (or too broken) to resize, which is not
 * sent in its place either: it is the kind of file that would stall a visitor's browser.
 */
export type ThumbnailAnswer = { key: string } | "refused";

export interface ThumbnailerOptions {
  getStorage: () => Storage;
  /** Whether the database records `key` as a stored original: a media row, or a listing's or story's image. */
  isKnownOriginal: (key: string) => Promise<boolean>;
}

export interface Thumbnailer {
  answer(key: string, width: number): Promise<ThumbnailAnswer>;
}

/**
 * Resized WebP copies, made (once) only of the originals the database knows, only at IMAGE_WIDTHS, never of a
 * thumbnail: so a visitor cannot make the server create files, whatever URLs they make up (docs/security.md,
 * "Media files"). Everything else is answered with the file as it is, which the same URL without `?w=` serves.
 */
export function createThumbnailer({ getStorage, isKnownOriginal }: ThumbnailerOptions): Thumbnailer {
  // Known images that will not be resized: refused once, not read again on every view (keys are never reused).
  const refused = new KeyMemo(10_000);
  // Files the database did not know a moment ago (on disk without a row): not looked up again for a minute.
  const unknown = new KeyMemo(10_000, 60_000);
  // One resize per copy however many visitors ask for it at once.
  const making = new Map<string, Promise<ThumbnailAnswer>>();

  async function answer(key: string, width: number): Promise<ThumbnailAnswer> {
    const asItIs = { key };
    if (!isThumbnailWidth(width) || isThumbnailKey(key)) return asItIs;
    const target = thumbnailKey(key, width);
    if (!isValidKey(target)) return asItIs;
    if (refused.has(key)) return "refused";
    const storage = getStorage();
    if (await storage.stat(target)) return { key: target };
    if (unknown.has(key)) return asItIs;
    const info = await storage.stat(key);
    if (!info || !RESIZABLE.test(info.contentType)) return asItIs;
    if (!(await isKnownOriginal(key))) {
      unknown.add(key);
      return asItIs;
    }
    let pending = making.get(target);
    if (!pending) {
      pending = make(storage, key, info.size, target, width).finally(() => making.delete(target));
      making.set(target, pending);
    }
    return pending;
  }

  async function make(
    storage: Storage,
    key: string,
    size: number,
    target: string,
    width: number,
  ): Promise<ThumbnailAnswer> {
    const dimensions = await storedDimensions(storage, key, size);
    if (!dimensions || isOversized(dimensions)) {
      refused.add(key);
      logger.warn({ key, dimensions }, "not resizing a stored image: too large or unreadable");
      return "refused";
    }
    const source = await storage.read(key);
    if (!source) return { key };
    // sharp reads a stream whole before it decodes anyway; reading it here first keeps a storage failure (a 500)
    // apart from an image that cannot be decoded (refused).
    const input = await buffer(source);
    let output: Buffer;
    try {
      // limitInputPixels: the header check above, again, in the decoder; rotate() applies EXIF orientation.
      output = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, failOn: "error" })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72, effort: 3 })
        .toBuffer();
    } catch (error) {
      refused.add(key);
      logger.warn({ err: error, key }, "not resizing a stored image: it cannot be decoded");
      return "refused";
    }
    await storage.put(target, Readable.from([output]), { contentType: "image/webp" });
    return { key: target };
  }

  return { answer };
}

/** The stored image's dimensions from its header (a ranged read of its start), or null when unreadable. */
async function storedDimensions(
  storage: Storage,
  key: string,
  size: number,
): Promise<ImageDimensions | null> {
  if (size === 0) return null;
  const stream = await storage.read(key, { start: 0, end: Math.min(size, DIMENSIONS_PROBE_BYTES) - 1 });
  if (!stream) return null;
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const { dimensions } = await probeDimensions(Buffer.alloc(0), async () => {
      const step = await chunks.next();
      return step.done ? null : step.value;
    });
    return dimensions;
  } finally {
    stream.destroy();
  }
}

/** Deletes a stored file and any resized copies of it. */
export async function deleteWithThumbnails(storage: Storage, key: string) {
  await storage.delete(key);
  await Promise.all(IMAGE_WIDTHS.map((width) => storage.delete(thumbnailKey(key, width))));
}
