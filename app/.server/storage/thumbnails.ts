import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import type { Storage } from "./storage";

const RESIZABLE = /^image\/(jpeg|png|webp|gif)$/;

export function thumbnailKey(key: string, width: number) {
  return `thumbs/w${width}/${key}.webp`;
}

export function isThumbnailWidth(value: unknown): value is (typeof IMAGE_WIDTHS)[number] {
  return IMAGE_WIDTHS.includes(Number(value) as (typeof IMAGE_WIDTHS)[number]);
}

/**
 * The key of a resized WebP copy of image `key` at `width`, made (streamed through sharp) and stored the first
 * time it is asked for. Null when `key` is missing or not a raster image (videos are served as they are).
 */
export async function ensureThumbnail(storage: Storage, key: string, width: number): Promise<string | null> {
  const target = thumbnailKey(key, width);
  if (await storage.stat(target)) return target;
  const info = await storage.stat(key);
  if (!info || !RESIZABLE.test(info.contentType)) return null;
  const source = await storage.read(key);
  if (!source) return null;
  // limitInputPixels refuses decompression bombs; rotate() applies EXIF orientation before resizing.
  const resize = sharp({ limitInputPixels: 50_000_000, animated: false })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 72, effort: 3 });
  source.on("error", (error) => resize.destroy(error));
  await storage.put(target, source.pipe(resize), { contentType: "image/webp" });
  return target;
}

/** Deletes a stored file and any resized copies of it. */
export async function deleteWithThumbnails(storage: Storage, key: string) {
  await storage.delete(key);
  await Promise.all(IMAGE_WIDTHS.map((width) => storage.delete(thumbnailKey(key, width))));
}
