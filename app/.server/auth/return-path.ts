import { APIError } from "better-auth/api";

const RETURN_PATH_BASE = "http://return-path.invalid";
const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * A return path (`redirectTo`) made safe to send as a Location. The input must start with "/" and is then resolved
 * the way a browser would (dots, tabs, newlines, backslashes and all); the RESULT must be one path on this site:
 * same origin, a single leading "/" (never "//" or "/\\", which a browser reads as another host) and no encoded
 * slash or backslash in the path. Anything else falls back to `fallback`. The normalised path is what is sent, so
 * the browser never re-interprets it (docs/security.md "Open redirects").
 */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > MAX_RETURN_PATH_LENGTH) {
    return fallback;
  }
  const url = URL.parse(target, `${RETURN_PATH_BASE}/`);
  if (!url || url.origin !== RETURN_PATH_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!/^\/(?![/\\])/.test(path) || /%(?:2f|5c)/i.test(url.pathname)) return fallback;
  return path;
}

/** Where Better Auth accepts a return path, in a query or a JSON body. */
const RETURN_PATH_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/**
 * Refuses (400) a Better Auth request whose return path is not already a safe path of this site, so its redirects
 * follow the same rule as sign-in's: the site itself only ever sends "/dashboard" and "/reset-password".
 */
export function assertSameSiteReturnPaths(...sources: unknown[]) {
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    for (const field of RETURN_PATH_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== undefined && safeRedirectPath(value, "") !== value) {
        throw new APIError("BAD_REQUEST", { message: `Invalid ${field}`, code: "INVALID_RETURN_PATH" });
      }
    }
  }
}
