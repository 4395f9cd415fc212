import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response as ExpressResponse } from "express";
import { createContext, type MiddlewareFunction } from "react-router";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The encodings a kept page is stored in, best first: each is compressed once, when the page is kept. */
type Encoding = "br" | "gzip";

/**
 * A rendered page as it was sent: its bytes and headers, the policy naming the CSP nonce its scripts carry, and
 * the same bytes compressed (filled in off the main thread a moment after the page is kept; until then a hit is
 * compressed on its way out, as a rendered page is).
 */
interface Page {
  html: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  headers: [string, string][];
  etag: string | null;
  expires: number;
  /** Since when one request has been rendering this expired page again; meanwhile the others get this copy. */
  refreshing: number | null;
}

/**
 * How long an expired page may still be served while one request renders its replacement: a render's worth, with
 * room for a slow one. Without it, every connection that asks in the moment a popular page expires renders it.
 */
const REFRESH_GRACE_MS = 10_000;

/** Keeps the page about to be rendered for this request; set only on requests the cache may answer. */
type Keep = (html: Buffer, headers: Headers) => void;

const key = Symbol.for("local-shine.page-cache-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<Keep | null>>>;
/** Handed to React Router by server/app.ts; read by `keepRenderedPage` in the root route. */
export const pageCacheContext = (holder[key] ??= createContext<Keep | null>(null));

const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.session_token|ls_toast)=/;

export interface PageCacheOptions {
  /** The Content-Security-Policy for a nonce: a kept page is served with the nonce its scripts carry. */
  policy: (nonce: string) => string;
  ttlMs?: number;
  maxEntries?: number;
  /**
   * Writes that change no page (a kiosk's heartbeat or plays): they leave the cache as it is, or a fleet of screens
   * writing every minute would keep it empty.
   */
  changesNoPage?: (req: Request) => boolean;
  /** Whether a URL is private (app/.server/infra/http/private-urls.ts): such a page is never kept nor served. */
  isPrivateUrl: (url: string) => boolean;
}

/**
 * A small per-process cache of public HTML for signed-out visitors (docs/decisions/014-plain-runtime.md): pages the
 * renderer marked `Cache-Control: public` are kept for a few seconds and served again without running React
 * Router. A kept page is sent as it was rendered, with the CSP nonce it carries, as any HTTP cache would.
 * A successful write through this process clears it, so an owner never sees a stale page after saving; other
 * processes catch up within the TTL (and the one render that replaces an expired page). A hard reload
 * (`Cache-Control: no-cache`) is rendered afresh. A kept page is compressed once, in brotli and gzip, and each
 * answer sends the stored bytes the client accepts (docs/decisions/099-page-cache-keeps-compressed-bytes.md).
 *
 * `middleware` goes before React Router's handler; `keepRenderedPage` is the root route's middleware and hands
 * it what was rendered, through `pageCacheContext` (`contextFor`).
 */
export function createPageCache({
  policy,
  ttlMs = 5_000,
  maxEntries = 500,
  changesNoPage,
  isPrivateUrl,
}: PageCacheOptions) {
  const pages = new Map<string, Page>();

  function middleware(req: Request, res: ExpressResponse, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      if (changesNoPage?.(req)) return next();
      res.on("finish", () => {
        if (res.statusCode < 400) pages.clear();
      });
      return next();
    }
    if (!mayServe(req)) return next();
    const url = req.originalUrl;
    const hit = pages.get(url);
    const now = Date.now();
    const hardReload = /no-cache/.test(req.headers["cache-control"] ?? "");
    if (hit && !hardReload) {
      if (hit.expires > now) return serve(req, res, hit);
      // Expired: this request renders it again and the others get the kept copy meanwhile. A render that keeps
      // nothing (the page is gone, or no longer public) drops the copy when its answer is sent.
      if (hit.refreshing !== null && now - hit.refreshing < REFRESH_GRACE_MS) return serve(req, res, hit);
      hit.refreshing = now;
      res.on("close", () => {
        if (pages.get(url) === hit) pages.delete(url);
      });
    }
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  /**
   * Sends a kept page as the client accepts it: stored brotli or gzip bytes (`Vary: Accept-Encoding`, the weak ETag
   * shared by every encoding), or a 304 when the client holds it already.
   */
  function serve(req: Request, res: ExpressResponse, page: Page) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const vary = res.getHeader("Vary");
    res.setHeader("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    if (page.etag && ifNoneMatch(req.headers["if-none-match"], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"], page.encoded);
    const body = encoding ? page.encoded[encoding]! : page.html;
    // A page whose compressed copies are not ready yet goes out as rendered: `compression` encodes it.
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  /**
   * What React Router's context carries for this request: where to keep its page, or null. Only a page the cache
   * lacks is kept (a hard reload within the TTL leaves the kept page as it is): keeping reads the page whole.
   */
  function contextFor(req: Request, res: ExpressResponse): Keep | null {
    if (req.method !== "GET" || !mayServe(req)) return null;
    const kept = pages.get(req.originalUrl);
    if (kept && kept.expires > Date.now()) return null;
    const nonce = res.locals.nonce as string;
    return (html, headers) => {
      const url = req.originalUrl;
      pages.delete(url);
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      const csp: [string, string] = ["Content-Security-Policy", policy(nonce)];
      const page: Page = {
        html,
        encoded: {},
        headers: [...headers, csp],
        etag: headers.get("ETag"),
        expires: Date.now() + ttlMs,
        refreshing: null,
      };
      pages.set(url, page);
      // In the thread pool, once per kept page rather than once per answer. Brotli at quality 5 is about as
      // quick as gzip's default and a little smaller; the top qualities cost tens of milliseconds a page.
      void Promise.all([
        brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip(html),
      ]).then(
        ([br, gz]) => {
          page.encoded = { br, gzip: gz };
        },
        // A page that cannot be compressed is still served, compressed per answer as before.
        () => {},
      );
    };
  }

  /** A signed-in visitor, a pending toast, a data request, an auth page or a URL with a secret always renders afresh. */
  function mayServe(req: Request) {
    return (
      !PRIVATE_COOKIE.test(req.headers.cookie ?? "") &&
      !req.path.endsWith(".data") &&
      !isPrivateUrl(req.originalUrl)
    );
  }

  return { middleware, contextFor, clear: () => pages.clear(), size: () => pages.size };
}

/** Whether an If-None-Match header names this (weak) ETag, or is `*`. */
function ifNoneMatch(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(/\s*,\s*/).some((tag) => tag === "*" || tag === etag || `W/${tag}` === etag);
}

/**
 * The best stored encoding the Accept-Encoding header allows (brotli, then gzip; `q=0` refuses one, `*` accepts
 * any not named), or null for the page as rendered.
 */
export function preferredEncoding(
  header: string | undefined,
  stored: Partial<Record<Encoding, Buffer>>,
): Encoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: Encoding) => (quality.get(encoding) ?? quality.get("*") ?? 0) > 0;
  for (const encoding of ["br", "gzip"] as const) if (stored[encoding] && accepts(encoding)) return encoding;
  return null;
}

/**
 * The root route's middleware: a public page rendered for a request the cache may answer is read whole and kept.
 * Public pages do not wait on anything once their loaders are done, so reading them whole delays nothing.
 */
export const keepRenderedPage: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const keep = context.get(pageCacheContext);
  if (
    !keep ||
    response.status !== 200 ||
    !response.headers.get("Cache-Control")?.startsWith("public") ||
    response.headers.has("Set-Cookie") ||
    !response.headers.get("Content-Type")?.startsWith("text/html")
  ) {
    return response;
  }
  const html = Buffer.from(await response.arrayBuffer());
  keep(html, response.headers);
  return new Response(html, { status: response.status, headers: response.headers });
};
