import type { NextFunction, Request, Response as ExpressResponse } from "express";
import { createContext, type MiddlewareFunction } from "react-router";

/** A rendered page as it was sent: its bytes and headers, the policy naming the CSP nonce its scripts carry. */
interface Page {
  html: Buffer;
  headers: [string, string][];
  expires: number;
}

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
 * processes catch up within the TTL. A hard reload (`Cache-Control: no-cache`) is rendered afresh.
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
    const fresh = hit !== undefined && hit.expires > Date.now();
    if (fresh && !/no-cache/.test(req.headers["cache-control"] ?? "")) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", hit.html.length);
      res.setHeader("X-Page-Cache", "hit");
      res.end(hit.html);
      return;
    }
    if (hit && !fresh) pages.delete(url);
    res.setHeader("X-Page-Cache", "miss");
    next();
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
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      const csp: [string, string] = ["Content-Security-Policy", policy(nonce)];
      pages.set(req.originalUrl, { html, headers: [...headers, csp], expires: Date.now() + ttlMs });
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
