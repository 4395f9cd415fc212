import { randomFillSync } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Env } from "~/.server/infra/config/env";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy allowing only what the site uses: its own scripts (plus the per-response nonce for the
 * inline scripts React Router renders), inline styles (Radix/Leaflet position elements with style attributes),
 * images from itself, data/blob URLs, the map tile host and the S3 public host (docs/security.md).
 */
export function contentSecurityPolicy(env: Env, nonce: string, { dev = false } = {}): string {
  const tileOrigin = originOf(env.MAP_TILE_URL.replace(/\{[a-z]\}/g, "a"));
  const mediaOrigin = originOf(env.S3_PUBLIC_URL);
  const extra = [tileOrigin, mediaOrigin].filter(Boolean).join(" ");
  const directives = [
    "default-src 'self'",
    // Dev: Vite's HMR and React Refresh inject inline scripts without the nonce, and a nonce in the list would make
    // browsers ignore 'unsafe-inline', so dev lists no nonce.
    dev ? "script-src 'self' 'unsafe-eval' 'unsafe-inline'" : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${extra}`.trim(),
    `media-src 'self' blob: ${mediaOrigin ?? ""}`.trim(),
    // The S3 host too: the kiosk service worker downloads media to check its hash before storing it.
    `connect-src 'self'${mediaOrigin ? ` ${mediaOrigin}` : ""}${dev ? " ws: wss:" : ""}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
  return directives.join("; ");
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn from the OS at once (as Node does for `randomUUID`): one call, not one per page. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A CSP nonce: 128 random bits in base64, never the same twice. */
export function createNonce() {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A kiosk's call to the device API with its bearer token (docs/architecture.md#device-callers). A browser never adds
 * an Authorization header by itself, a cross-site page cannot set one without a CORS preflight this server never
 * grants, and the device routes read no cookie: a forged request has no credential to ride on, so the Origin check
 * does not apply (a kiosk browser behind a proxy may send an Origin that differs from APP_URL).
 */
export function isDeviceCall(req: Pick<Request, "path" | "get">): boolean {
  return req.path.startsWith("/api/kiosk/") && /^Bearer\s/i.test(req.get("authorization") ?? "");
}

/**
 * Cross-site request forgery guard for every state-changing request (forms, uploads, auth): a browser always
 * sends Origin (or Sec-Fetch-Site) with a cross-site POST, so one from another origin is refused here, before
 * any handler runs. Requests without either header come from non-browser clients, which carry no victim's
 * cookies. React Router and Better Auth check Origin too; this is the one place that covers every route. Kiosk
 * device calls carrying their bearer token pass (`isDeviceCall`); every cookie-authenticated route stays guarded.
 */
export function rejectCrossSiteWrites(env: Env) {
  const allowed = new Set([originOf(env.APP_URL)]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || isDeviceCall(req)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const selfOrigin = `${req.protocol}://${req.get("host")}`;
    const originOk = !origin || allowed.has(origin) || origin === selfOrigin;
    const siteOk = !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
    if (originOk && siteOk) return next();
    req.log?.warn({ origin, fetchSite }, "cross-site write refused");
    res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
  };
}
