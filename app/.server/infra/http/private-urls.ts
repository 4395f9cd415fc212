import type { MiddlewareFunction } from "react-router";
import { decoded, pageModesContext, type PageModes } from "./page-modes";

/**
 * URLs that carry secrets, and the pages that must never be stored by a cache (docs/security.md "Secrets in
 * logs" and "No-store for auth pages"). One definition for the log serializers, the responses of the router and
 * the page cache; which pages are private is each route's own `handle` (./page-modes.ts).
 */

/** Query parameters whose values are secrets: emailed tokens, codes, keys, signatures. */
const SECRET_PARAM = /token|code|secret|pass|key|sig|otp|session|credential|auth/i;
/** Better Auth's emailed reset link carries its token in the path: /api/auth/reset-password/<token>. */
const SECRET_PATH_SEGMENT = /(\/api\/auth\/reset-password\/)[^/?#\s"'&()<>,]+/gi;
const SESSION_COOKIE_VALUE = /((?:^|[\s;"'])(?:__Secure-)?better-auth\.[\w.]+=)[^;\s"']+/g;
const QUERY_PAIR = /([?&;])([^=&;#\s"'()<>,]*)=([^&;#\s"'()<>,]*)/g;
const REDACTED = "[redacted]";

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
 * Whether the response to `url` must be `Cache-Control: no-store`: a page or endpoint whose route declares
 * `handle.private` (the auth pages, Better Auth: app/lib/page-handle.ts), or a secret in the URL.
 */
export function isPrivateUrl(url: string, pages: PageModes): boolean {
  return pages.isPrivatePage(url) || redactSecrets(url) !== url;
}

/**
 * Root route middleware: every answer to a private URL (page, data request, redirect, Better Auth's endpoints) is
 * `Cache-Control: no-store`, whatever the renderer or the route decided, and carries no ETag to revalidate.
 */
export const neverStorePrivateUrls: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (isPrivateUrl(request.url, context.get(pageModesContext))) {
    response.headers.set("Cache-Control", "no-store");
    response.headers.delete("ETag");
  }
  return response;
};
