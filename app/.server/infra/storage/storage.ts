import type { Readable } from "node:stream";

/** What a stored file is, as far as serving it goes. */
export interface StoredObjectInfo {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and keep nothing) once more than this many bytes have arrived. */
  maxBytes?: number;
}

/**
 * The one way the app stores files (docs/architecture.md#the-shape): local disk under DATA_DIR/uploads, or
 * S3-compatible. Keys look like `{user id}/{timestamp}-{random}.{ext}` or `story-backgrounds/{timestamp}.{ext}`.
 */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Streams `body` to `key`. Never buffers the whole file; on any failure nothing is left under `key`. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** Deletes `key`; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Metadata, or null when there is no such object. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The bytes of `key` (optionally an inclusive byte range), or null when missing. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** The stable public URL of `key` (served by the app at /media/{key} unless S3_PUBLIC_URL is set). */
  publicUrl(key: string): string;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the ${Math.round(maxBytes / 1048576)} MB limit.`);
    this.name = "FileTooLargeError";
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidStorageKeyError";
  }
}

/**
 * Local storage keeps what put() was told about a file in `{key}.meta.json` beside it. No key may end so, on any
 * backend, so that the same keys are valid everywhere and a sidecar can never be named, served or overwritten.
 */
export const SIDECAR_SUFFIX = ".meta.json";

/**
 * At most 200 characters a segment: file systems allow 255 bytes a name, and a stored key gains a sidecar suffix
 * or a thumbnail's `.webp`. Generated keys are ~30 characters.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is a safe relative path: no `..`, no absolute paths, no NUL, no backslashes, no sidecar name. */
export function isValidKey(key: unknown): key is string {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) return false;
  if (key.toLowerCase().endsWith(SIDECAR_SUFFIX)) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

/** Throws InvalidStorageKeyError unless `key` is valid (isValidKey). */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}
