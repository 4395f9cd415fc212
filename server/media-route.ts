import { pipeline } from "node:stream";
import express from "express";
import { logger } from "~/.server/infra/logging/logger";
import {
  InvalidStorageKeyError,
  isValidKey,
  type Storage,
  type StoredObjectInfo,
} from "~/.server/infra/storage";
import {
  createThumbnailer,
  isThumbnailWidth,
  type ThumbnailerOptions,
} from "~/.server/infra/storage/thumbnails";

/** Keys are unique per upload (a new file gets a new key), so a response never goes stale. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface MediaRouterOptions {
  /** Which stored files are originals that may get resized copies (app/.server/media/known-originals.ts). */
  isKnownOriginal: ThumbnailerOptions["isKnownOriginal"];
}

/**
 * Serves stored user files: `app.use("/media", mediaRouter(() => storage, options))`, so the path below the
 * mount is the key. User content is hostile by default: it is sent with the stored (content-detected) type,
 * nosniff, and a sandboxing CSP so an uploaded HTML/SVG file cannot run script on our origin. A path that is no
 * valid key (a sidecar, `..`, NUL, a bad encoding, too long) is a 404, whatever the storage would have said.
 */
export function mediaRouter(
  getStorage: () => Storage,
  { isKnownOriginal }: MediaRouterOptions,
): express.Router {
  const router = express.Router();
  const thumbnails = createThumbnailer({ getStorage, isKnownOriginal });

  // A plain handler rather than a "/*key" route: the key is taken from the raw path, so a malformed
  // percent-encoding is a 404 here instead of a 400 from the router's own decoding.
  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key = keyFromPath(req.path);
    if (key === null) return notFound(res);

    try {
      const storage = getStorage();
      // ?w=480 serves a resized WebP copy (images in lists are sent at display size, not full size).
      if (isThumbnailWidth(req.query.w)) {
        const answer = await thumbnails.answer(key, Number(req.query.w));
        if (answer === "refused") return notFound(res);
        key = answer.key;
      }
      const info = await storage.stat(key);
      if (!info) return notFound(res);

      setObjectHeaders(res, info);
      if (isNotModified(req, info)) {
        res.status(304).end();
        return;
      }

      const range = rangeFor(req, info);
      if (range === "unsatisfiable") {
        res.setHeader("Content-Range", `bytes */${info.size}`);
        res.status(416).end();
        return;
      }
      if (range) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
        res.setHeader("Content-Length", String(range.end - range.start + 1));
      } else {
        res.status(200);
        res.setHeader("Content-Length", String(info.size));
      }
      if (req.method === "HEAD" || info.size === 0) {
        res.end();
        return;
      }

      const body = await storage.read(key, range ?? undefined);
      if (!body) {
        // Deleted between stat and read.
        return notFound(res);
      }
      // pipeline destroys both sides on an error or a client disconnect; the callback keeps errors from
      // surfacing as unhandled 'error' events (which would crash the process).
      if (res.destroyed) {
        // The browser gave up (a cancelled image load) while we were looking the file up.
        body.destroy();
        return;
      }
      pipeline(body, res, (error) => {
        if (
          !error ||
          error.code === "ERR_STREAM_PREMATURE_CLOSE" ||
          error.code === "ERR_STREAM_UNABLE_TO_PIPE"
        )
          return;
        logger.warn({ err: error, key }, "media stream failed");
      });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // The storage refusing a key it was asked about is the visitor's bad path, not a server fault.
      if (error instanceof InvalidStorageKeyError) return notFound(res);
      next(error);
    }
  });

  return router;
}

/** The storage key for a raw (still percent-encoded) request path, or null when it is not a valid key. */
function keyFromPath(rawPath: string): string | null {
  const segments: string[] = [];
  for (const raw of rawPath.replace(/^\//, "").split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // An encoded "/" or "\" must not create extra path segments after decoding (`..%2f..%2fetc`).
    if (segment.includes("/") || segment.includes("\\")) return null;
    segments.push(segment);
  }
  const key = segments.join("/");
  // Rejects "..", absolute paths, NUL, empty segments, sidecar names; the storage checks again, this is the
  // early 404.
  return isValidKey(key) ? key : null;
}

function notFound(res: express.Response): void {
  // Drop any object headers already set for a file that vanished between stat and read.
  for (const name of ["ETag", "Last-Modified", "Content-Range", "Content-Disposition"])
    res.removeHeader(name);
  res.status(404).type("text/plain").setHeader("Cache-Control", "no-store");
  res.send("Not found");
}

function setObjectHeaders(res: express.Response, info: StoredObjectInfo): void {
  res.setHeader("Content-Type", info.contentType);
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("ETag", info.etag);
  res.setHeader("Last-Modified", info.lastModified.toUTCString());
  res.setHeader("Cache-Control", CACHE_CONTROL);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  res.setHeader("Content-Disposition", "inline");
}

/** RFC 9110 section 13.2.2: If-None-Match (weak comparison) wins; If-Modified-Since only when it is absent. */
function isNotModified(req: express.Request, info: StoredObjectInfo): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    const ours = opaqueTag(info.etag);
    return ifNoneMatch.split(",").some((tag) => opaqueTag(tag.trim()) === ours);
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have one-second precision.
    return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function opaqueTag(etag: string): string {
  return etag.startsWith("W/") ? etag.slice(2) : etag;
}

type ByteRange = { start: number; end: number };

/**
 * The single byte range asked for, null to send the whole file, or "unsatisfiable" (416).
 * A Range header we do not handle (several ranges, other units, malformed) is ignored, as RFC 9110 section 14.2 allows.
 */
function rangeFor(req: express.Request, info: StoredObjectInfo): ByteRange | "unsatisfiable" | null {
  const header = req.headers.range;
  if (header === undefined) return null;
  // If-Range: only honour the range when the client's copy is this exact version (strong comparison).
  const ifRange = req.get("if-range");
  if (ifRange !== undefined) {
    const matches = ifRange.startsWith('"')
      ? !info.etag.startsWith("W/") && ifRange.trim() === info.etag
      : Date.parse(ifRange) === Math.floor(info.lastModified.getTime() / 1000) * 1000;
    if (!matches) return null;
  }

  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  const size = info.size;

  if (first === "") {
    if (last === "") return null;
    // Suffix range: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { start, end };
}
