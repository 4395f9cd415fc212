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
 * The one way the app stores files (DESIGN.md "files"): local disk under DATA_DIR/uploads, or S3-compatible.
 * Keys look like `{user id}/{timestamp}-{random}.{ext}` or `story-backgrounds/{timestamp}.{ext}`.
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

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Throws unless `key` is a safe relative path: no `..`, no absolute paths, no NUL, no backslashes. */
export function assertValidKey(key: string): void {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(key);
  const segments = key.split("/");
  if (segments.some((segment) => !SEGMENT.test(segment) || segment.includes(".."))) {
    throw new InvalidStorageKeyError(key);
  }
}
