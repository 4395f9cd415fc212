/**
 * The file formats uploads accept (docs/architecture.md#a-form-with-files). The server decides from the file's first
 * bytes (app/.server/infra/uploads); the browser's own guess (`File.type`, the name) is only used for the quick client-side
 * check before anything is sent. SVG, HTML and everything else are refused.
 */
export interface AllowedType {
  /** The MIME type the content detector reports for this format; it is what gets stored. */
  mime: string;
  /** The extension of the storage key. */
  ext: string;
  /** Other MIME names for the same format (browsers and detectors disagree, e.g. for AVI and M4V). */
  aliases?: readonly string[];
  /** File-name extensions the client-side check accepts. */
  extensions: readonly string[];
}

export type AllowList = readonly AllowedType[];

export const IMAGE_TYPES: AllowList = [
  { mime: "image/jpeg", ext: "jpg", aliases: ["image/pjpeg"], extensions: ["jpg", "jpeg", "jfif", "pjpeg"] },
  { mime: "image/png", ext: "png", extensions: ["png"] },
  { mime: "image/webp", ext: "webp", extensions: ["webp"] },
  { mime: "image/gif", ext: "gif", extensions: ["gif"] },
];

/**
 * The largest image an upload may be, read from its header without decoding it: at most this many pixels a side
 * and in all (50 megapixels covers a 48-megapixel phone photo). Bigger images, which are also how decompression
 * bombs look, are refused at upload, and no thumbnail is ever made of one (docs/security.md, "Media files").
 */
export const MAX_IMAGE_SIDE = 16_000;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_DIMENSIONS_MESSAGE =
  `Please choose a smaller image: at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels on a side ` +
  `and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all.`;

export const VIDEO_TYPES: AllowList = [
  // M4V is MPEG-4 with an Apple brand; it plays anywhere MP4 does, so it is stored as MP4.
  { mime: "video/mp4", ext: "mp4", aliases: ["video/x-m4v"], extensions: ["mp4", "m4v"] },
  { mime: "video/quicktime", ext: "mov", extensions: ["mov", "qt"] },
  {
    mime: "video/vnd.avi",
    ext: "avi",
    aliases: ["video/x-msvideo", "video/avi", "video/msvideo"],
    extensions: ["avi"],
  },
  { mime: "video/webm", ext: "webm", extensions: ["webm"] },
];

/** Media dashboard uploads: images and videos (docs/product.md#uploads). */
export const MEDIA_TYPES: AllowList = [...IMAGE_TYPES, ...VIDEO_TYPES];

/** The entry of `allow` that `mime` names (directly or by alias), or undefined. */
export function findAllowedType(allow: AllowList, mime: string): AllowedType | undefined {
  const wanted = mime.toLowerCase();
  return allow.find((type) => type.mime === wanted || type.aliases?.includes(wanted));
}

/** The `accept` attribute for a file input limited to `allow`. */
export function acceptAttribute(allow: AllowList): string {
  return allow.flatMap((type) => [type.mime, ...type.extensions.map((ext) => `.${ext}`)]).join(",");
}

/**
 * The client-side pre-check: does the browser think this file is one of `allow`? Either its reported type or its
 * extension must match (browsers report nothing for some video types). The server checks the content anyway.
 */
export function looksAllowed(allow: AllowList, file: { name: string; type: string }): boolean {
  if (file.type && findAllowedType(allow, file.type)) return true;
  if (file.type && file.type !== "application/octet-stream") return false;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  return allow.some((type) => type.extensions.includes(ext));
}
