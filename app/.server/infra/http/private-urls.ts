import type { MiddlewareFunction } from "react-router";

/**
 * URLs that carry secrets, and the pages that must never be stored by a cache (docs/security.md "Secrets in
 * logs" and "No-store for auth pages"). One definition for the log serializers, the responses of the router and
 * the page cache.
 */

/** Query parameters whose values are secrets: emailed tokens, codes, keys, signatures. */
const SECRET_PARAM = /token|code|secret|pass|key|sig|otp|session|credential|auth/i;
/** Better Auth's emailed reset link carries its token in the path: /api/auth/reset-password/<token>. */
const SECRET_PATH_SEGMENT = /(\/api\/auth\/reset-password\/)[^/?#\s"'&()<>,]+/gi;
const SESSION_COOKIE_VALUE = /((?:^|[\s;"'])(?:__Secure-)?better-auth\.[\w.]+=)[^;\s"']+/g;
const QUERY_PAIR = /([?&;])([^=&;#\s"'()<>,]*)=([^&;#\s"'()<>,]*)/g;
const REDACTED = "[redacted]";

/** Pages that sign people in or out or handle their passwords: never stored by any cache. */
const AUTH_PAGES = new Set(["/signin", "/signout", "/forgot-password", "/reset-password"]);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * `text` (a URL, a path with its query, or a message that quotes one) with every secret value replaced by
 * "[redacted]": secret query values, the token in a reset-link path, and auth cookie values.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string) =>
      SECRET_PARAM.test(decoded(name)) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`)
    .replace(SESSION_COOKIE_VALUE, `$1${REDACTED}`);
}

/**
 * The path React Router matches for `url` (absolute, or a path with its query): decoded, lower case, single
 * slashes, no trailing slash, no `.data` suffix.
 */
function routePath(url: string): string {
  // A request path may start with "//", which must stay a path, not become a host.
  const { pathname } = url.startsWith("/") ? new URL(`http://private-url.invalid${url}`) : new URL(url);
  const path = decoded(pathname)
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\.data$/, "")
    .replace(/(.)\/$/, "$1");
  return path || "/";
}

/** Whether the response to `url` must be `Cache-Control: no-store`: an auth page, Better Auth, or a secret in the URL. */
export function isPrivateUrl(url: string): boolean {
  let path: string;
  try {
    path = routePath(url);
  } catch {
    return true;
  }
  if (AUTH_PAGES.has(path) || path === "/api/auth" || path.startsWith("/api/auth/")) return true;
  return redactSecrets(url) !== url;
}

/**
 * Root route middleware: every answer to a private URL (page, data request, redirect, Better Auth's endpoints) is
 * `Cache-Control: no-store`, whatever the renderer or the route decided, and carries no ETag to revalidate.
 */
export const neverStorePrivateUrls: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (isPrivateUrl(request.url)) {
    response.headers.set("Cache-Control", "no-store");
    response.headers.delete("ETag");
  }
  return response;
};
