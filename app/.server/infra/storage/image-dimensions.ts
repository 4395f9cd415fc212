import sharp from "sharp";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "~/lib/upload-types";

/**
 * How far into a file its dimensions may sit. PNG, GIF and WebP state them in the first few dozen bytes; JPEG
 * states them after its EXIF, ICC and XMP segments, which are rarely over a few hundred KB.
 */
export const DIMENSIONS_PROBE_BYTES = 4 * 1024 * 1024;
/** The first look; most headers are within it. */
const FIRST_PROBE_BYTES = 64 * 1024;

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * Width and height as the image's header states them (sharp reads the header only, no pixel is decoded), or
 * null when `head` does not reach them or is no image sharp can read.
 */
export async function dimensionsOf(head: Buffer): Promise<ImageDimensions | null> {
  try {
    // limitInputPixels off: the point is to read the size of an image that is too large, not to refuse reading it.
    const { width, height } = await sharp(head, { limitInputPixels: false }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether an image of this size is refused: larger than MAX_IMAGE_SIDE a side or MAX_IMAGE_PIXELS in all. */
export function isOversized({ width, height }: ImageDimensions): boolean {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}

/**
 * The dimensions of an image arriving as chunks: starts from `head` (what was read already), then pulls more
 * (`pull` answers null at the end) until the header is read, DIMENSIONS_PROBE_BYTES are in, or the input ends.
 * Returns everything read, so the caller can pass it on.
 */
export async function probeDimensions(
  head: Buffer,
  pull: () => Promise<Buffer | null>,
): Promise<{ head: Buffer; dimensions: ImageDimensions | null }> {
  const parts = [head];
  let length = head.length;
  let ended = false;
  let goal = FIRST_PROBE_BYTES;
  for (;;) {
    const sample = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
    parts.splice(0, parts.length, sample);
    const dimensions = await dimensionsOf(sample);
    if (dimensions || ended || length >= DIMENSIONS_PROBE_BYTES) return { head: sample, dimensions };
    goal = Math.min(DIMENSIONS_PROBE_BYTES, Math.max(goal, length * 4));
    while (length < goal) {
      const chunk = await pull();
      if (chunk === null) {
        ended = true;
        break;
      }
      parts.push(chunk);
      length += chunk.length;
    }
  }
}
