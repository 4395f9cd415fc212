import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { findAllowedType, type AllowList } from "~/lib/upload-types";
import { FileTooLargeError, type Storage } from "../storage";
import { isOversized, probeDimensions } from "../storage/image-dimensions";
import { sanitizeFileName } from "./file-name";
import { UploadError, type UploadRefusalReason } from "./upload-error";

/** How many leading bytes the type detector looks at (file-type's own "reasonable detection size"). */
export const SNIFF_BYTES = 4100;

/** What one stored file part is: the key and URL to record, and the type decided from its content. */
export interface StoredUpload {
  key: string;
  url: string;
  mimeType: string;
  size: number;
  /** The name the browser sent, sanitized for display. */
  originalName: string;
}

/**
 * What is left of the uploader's storage quota, shared by every file of one request and counted down as bytes
 * arrive: the file that takes it below zero is refused ("over-quota").
 */
export interface UploadQuota {
  remainingBytes: number;
}

export interface FileRule {
  allow: AllowList;
  maxBytes: number;
  /** Folder-like prefix of the key, e.g. `${userId}/` or `story-backgrounds/`; must be a valid key prefix. */
  keyPrefix: string;
}

/**
 * Streams one incoming file to storage: reads just enough to detect the type from the content, refuses anything
 * outside `rule.allow`, then streams the rest under `{prefix}{timestamp}-{random}.{detected ext}` with the size
 * limit (and the quota, if given) enforced as bytes arrive. An image's dimensions are read from its header first:
 * one too large to resize is refused. On any failure nothing is left in storage (Storage.put cleans up).
 * Resolves null for an empty part with no file name (a form whose file input was left empty).
 */
export async function storeUpload(
  storage: Storage,
  incoming: Readable,
  rule: FileRule,
  sentName: string,
  quota?: UploadQuota,
): Promise<StoredUpload | null> {
  const chunks = incoming[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = await readHead(chunks, SNIFF_BYTES);
  if (head.length === 0 && !sentName) {
    await chunks.return?.();
    return null;
  }
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const type = detected ? findAllowedType(rule.allow, detected.mime) : undefined;
  if (!type) return refuse(chunks, "invalid-type");
  if (type.mime.startsWith("image/")) {
    const probe = await probeDimensions(head, async () => {
      const step = await next(chunks);
      return step.done ? null : step.value;
    });
    // A file that starts like an image but whose header cannot be read is no image we can show.
    if (!probe.dimensions) return refuse(chunks, "invalid-type");
    if (isOversized(probe.dimensions)) return refuse(chunks, "image-too-large");
    head = probe.head;
  }

  const key = `${rule.keyPrefix}${Date.now()}-${randomBytes(6).toString("hex")}.${type.ext}`;
  try {
    const { size } = await storage.put(key, Readable.from(replay(head, chunks, quota)), {
      contentType: type.mime,
      maxBytes: rule.maxBytes,
    });
    return {
      key,
      url: storage.publicUrl(key),
      mimeType: type.mime,
      size,
      originalName: sanitizeFileName(sentName, `upload.${type.ext}`),
    };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (error instanceof FileTooLargeError) throw new UploadError("too-large", { cause: error });
    throw error;
  }
}

/** Stops reading this part (the caller abandons the rest of the request) and refuses it. */
async function refuse(chunks: AsyncIterator<Buffer>, reason: UploadRefusalReason): Promise<never> {
  await chunks.return?.();
  throw new UploadError(reason);
}

/** Pulls chunks until at least `bytes` have arrived (or the part ends): the sample for type detection. */
async function readHead(chunks: AsyncIterator<Buffer>, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const step = await next(chunks);
    if (step.done) break;
    parts.push(step.value);
    length += step.value.length;
  }
  return Buffer.concat(parts, length);
}

/**
 * The sampled head, then the rest of the part, pulled one chunk at a time (so backpressure still works), counted
 * against the quota as it goes: the error thrown here fails the storage's put, which keeps nothing.
 */
async function* replay(
  head: Buffer,
  chunks: AsyncIterator<Buffer>,
  quota: UploadQuota | undefined,
): AsyncGenerator<Buffer> {
  const counted = (chunk: Buffer) => {
    if (!quota) return chunk;
    quota.remainingBytes -= chunk.length;
    if (quota.remainingBytes < 0) throw new UploadError("over-quota");
    return chunk;
  };
  try {
    if (head.length > 0) yield counted(head);
    for (;;) {
      const step = await next(chunks);
      if (step.done) return;
      yield counted(step.value);
    }
  } finally {
    // Reached when storage stops early (size limit, write error): release the incoming part too.
    await chunks.return?.();
  }
}

/** A failure of the incoming part itself (connection cut, form cut short) is the client's, not ours. */
async function next(chunks: AsyncIterator<Buffer>): Promise<IteratorResult<Buffer>> {
  try {
    return await chunks.next();
  } catch (cause) {
    throw new UploadError("aborted", { cause });
  }
}
