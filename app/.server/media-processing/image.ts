import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "~/lib/upload-types";

/** Images for screens: at most 1920 px on the longest side, as WebP. */
const MAX_SIDE = 1920;

/**
 * Writes `output`: the image turned upright by its EXIF orientation, fitted inside 1920×1920 (never enlarged),
 * as WebP without metadata (a phone photo's location stays behind). Answers its size.
 */
export async function normalizeImage(input: string, output: string) {
  // limitInputPixels refuses decompression bombs; an animated GIF becomes its first frame.
  const info = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 85, effort: 4 })
    .toFile(output);
  return { width: info.width, height: info.height };
}
