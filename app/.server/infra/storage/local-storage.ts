import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, type Stats } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat as fsStat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertValidKey,
  FileTooLargeError,
  InvalidStorageKeyError,
  isValidKey,
  SIDECAR_SUFFIX,
  type PutOptions,
  type Storage,
  type StoredObjectInfo,
} from "./storage";

export interface LocalStorageOptions {
  /** Directory that holds the files, e.g. DATA_DIR/uploads. Created on first write. */
  root: string;
  /** Where the app serves these files (see server/media-route.ts). */
  publicBaseUrl?: string;
}

/** Used only when a sidecar is missing (e.g. files copied in by hand). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".pdf": "application/pdf",
};

/**
 * Files on local disk under `root`; writes land atomically through `root/.tmp`. Beside each file, a sidecar
 * (`{key}.meta.json`) holds what put() was told about it, so stat() can report the content-detected type.
 */
export function createLocalStorage({ root, publicBaseUrl = "/media" }: LocalStorageOptions): Storage {
  const base = path.resolve(root);
  // Keys cannot start with "." (assertValidKey), so no key can ever name this directory.
  const tmpDir = path.join(base, ".tmp");

  /** The file for `key`; throws for anything that is not a safe key or would land outside `root`. */
  function fileOf(key: string): string {
    // Also refuses a key ending in the sidecar suffix, which would collide with (or expose) another key's metadata.
    assertValidKey(key);
    const file = path.resolve(base, key);
    // Belt and braces: assertValidKey already forbids "..", but the storage must never leave root whatever it says.
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    kind: "local",

    async put(key: string, body: Readable, { contentType, maxBytes }: PutOptions) {
      const file = fileOf(key);
      await mkdir(tmpDir, { recursive: true });
      const tmpFile = path.join(tmpDir, randomUUID());
      const tmpMeta = tmpFile + SIDECAR_SUFFIX;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) callback(new FileTooLargeError(maxBytes));
          else callback(null, chunk);
        },
      });
      let metaMoved = false;
      const out = createWriteStream(tmpFile, { flags: "wx" });
      try {
        // pipeline destroys every stream and rejects on an error or premature close anywhere in the chain.
        await pipeline(body, limit, out);
        await writeFile(tmpMeta, JSON.stringify({ contentType }), { flag: "wx" });
        await mkdir(path.dirname(file), { recursive: true });
        // Sidecar first: once the file appears under its key, its metadata is already there.
        await rename(tmpMeta, file + SIDECAR_SUFFIX);
        metaMoved = true;
        await rename(tmpFile, file);
        return { size };
      } catch (error) {
        // pipeline rejects at the first error without waiting for the file to be opened and closed: removing it
        // before then would let the pending open create it again after the removal, and the file would stay.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await Promise.all([
          rm(tmpFile, { force: true }),
          rm(tmpMeta, { force: true }),
          metaMoved ? rm(file + SIDECAR_SUFFIX, { force: true }) : undefined,
        ]);
        throw error;
      }
    },

    async delete(key: string) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(file + SIDECAR_SUFFIX, { force: true })]);
    },

    async stat(key: string): Promise<StoredObjectInfo | null> {
      const file = fileOf(key);
      let info: Stats;
      try {
        info = await fsStat(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (!info.isFile()) return null;
      return {
        size: info.size,
        contentType: await contentTypeOf(file),
        etag: etagOf(info),
        lastModified: info.mtime,
      };
    },

    async read(key: string, range?: { start: number; end: number }) {
      const file = fileOf(key);
      // Open first so a missing file is a null answer rather than an error event on the stream later.
      const handle = await open(file, "r").catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // autoClose (the default) closes the handle when the stream ends, errors or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    publicUrl(key: string) {
      return `${publicBaseUrl}/${key}`;
    },
  };
}

/**
 * Every key stored under `root` (backups): the files put() moved into place, never its `.tmp` work or the
 * sidecars. A file appears under its key only once whole (put() renames it there), so a listed key is complete.
 */
export async function* listLocalKeys(root: string): AsyncGenerator<string> {
  const base = path.resolve(root);
  const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (key.startsWith(".tmp/") || !isValidKey(key)) continue;
    yield key;
  }
}

/** The content type put() was told for the file at `file` (its sidecar), or one guessed from its extension. */
export async function localContentType(file: string): Promise<string> {
  return contentTypeOf(file);
}

async function contentTypeOf(file: string): Promise<string> {
  try {
    const meta: unknown = JSON.parse(await readFile(file + SIDECAR_SUFFIX, "utf8"));
    if (meta && typeof meta === "object" && "contentType" in meta && typeof meta.contentType === "string") {
      return meta.contentType;
    }
  } catch {
    // No or unreadable sidecar: fall back to the extension.
  }
  return TYPES_BY_EXTENSION[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** Strong ETag: a stored key is written once (keys are unique per upload), so size + mtime identify its bytes. */
function etagOf(info: Stats): string {
  const digest = createHash("sha1").update(`${info.size}:${info.mtimeMs}:${info.ino}`).digest("base64url");
  return `"${digest.slice(0, 27)}"`;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a path segment of the key is a file, so the key cannot exist. ENAMETOOLONG: no such name can exist
  // (keys are kept short enough by assertValidKey; this covers file systems with shorter limits).
  return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG";
}
