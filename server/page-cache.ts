import type { NextFunction, Request, Response } from "express";
import { isPrivateUrl } from "~/.server/private-urls";

interface Entry {
  /** The page as rendered, with the rendering response's nonce at `nonceAt` (byte offsets). */
  html: Buffer;
  nonceAt: number[];
  nonceLength: number;
  etag: string;
  cacheControl: string;
  expires: number;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The other server processes of a cluster, told when a write clears this cache, and telling it theirs. */
  shared?: PageCacheBus;
}

export interface PageCacheBus {
  publish(): void;
  subscribe(clear: () => void): void;
}

/** Messages between a cluster's processes that say "a write went through: clear your page cache". */
export const PAGE_CACHE_CHANNEL = "local-shine:page-cache";

/** The bus of a cluster worker: through the primary, which passes the message on to every other worker. */
export function clusterPageCacheBus(): PageCacheBus {
  return {
    publish: () => process.send?.({ channel: PAGE_CACHE_CHANNEL }, undefined, {}, () => {}),
    subscribe(clear) {
      process.on("message", (message: { channel?: unknown } | null) => {
        if (message?.channel === PAGE_CACHE_CHANNEL) clear();
      });
    },
  };
}

const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.session_token|ls_toast)=/;

/**
 * A small per-instance micro-cache of public HTML for signed-out visitors (docs/performance.md "Caching"):
 * pages the renderer marked `Cache-Control: public` are kept for a few seconds and served without running
 * loaders. Each hit gets this response's CSP nonce. Any successful write through this instance clears it, so
 * an owner never sees a stale page after saving; other instances catch up within the TTL.
 */
export function pageCache({ ttlMs = 5_000, maxEntries = 500, shared }: PageCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  shared?.subscribe(() => entries.clear());

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("finish", () => {
        if (res.statusCode >= 400) return;
        entries.clear();
        shared?.publish();
      });
      return next();
    }
    // A signed-in visitor, a pending toast, a data request, an auth page or a URL with a secret always renders afresh.
    if (
      PRIVATE_COOKIE.test(req.headers.cookie ?? "") ||
      req.path.endsWith(".data") ||
      isPrivateUrl(req.originalUrl)
    ) {
      return next();
    }

    const key = req.originalUrl;
    const nonce = res.locals.nonce as string;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const serve = (status: number, body?: Buffer) => {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", hit.cacheControl);
        res.setHeader("ETag", hit.etag);
        res.setHeader("Vary", "Cookie");
        res.setHeader("X-Page-Cache", "hit");
        res.status(status).send(body);
      };
      const conditional = req.headers["if-none-match"];
      if (conditional && conditional.split(/\s*,\s*/).includes(hit.etag)) return serve(304);
      // A hard reload (no-cache) asks for a fresh render; anything else is served from memory.
      if (!/no-cache/.test(req.headers["cache-control"] ?? "") && nonce.length === hit.nonceLength) {
        return serve(200, withNonce(hit, nonce));
      }
    }
    if (hit) entries.delete(key);

    // Miss: capture what the renderer writes (before compression, which wraps the same methods).
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      capture(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      capture(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      const etag = res.getHeader("ETag");
      if (
        req.method === "GET" &&
        res.statusCode === 200 &&
        cacheControl.startsWith("public") &&
        typeof etag === "string" &&
        !res.getHeader("Set-Cookie") &&
        String(res.getHeader("Content-Type") ?? "").startsWith("text/html")
      ) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const html = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        entries.set(key, {
          html,
          nonceAt: nonce ? offsetsOf(html, nonce) : [],
          nonceLength: nonce.length,
          etag,
          cacheControl,
          expires: Date.now() + ttlMs,
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
  return Object.assign(middleware, { clear: () => entries.clear(), size: () => entries.size });
}

/** Where `text` (ASCII) occurs in `buffer`, as byte offsets. */
function offsetsOf(buffer: Buffer, text: string): number[] {
  const offsets: number[] = [];
  for (
    let at = buffer.indexOf(text, 0, "latin1");
    at !== -1;
    at = buffer.indexOf(text, at + text.length, "latin1")
  ) {
    offsets.push(at);
  }
  return offsets;
}

/** A copy of the cached page carrying this response's nonce (nonces all have one length, so bytes are overwritten in place). */
function withNonce(entry: Entry, nonce: string): Buffer {
  const html = Buffer.from(entry.html);
  for (const at of entry.nonceAt) html.write(nonce, at, "latin1");
  return html;
}
