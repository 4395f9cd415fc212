/** Better Auth's session cookie (plain, or `__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Whether the request carries a session cookie at all. Without one nobody is signed in, so pages skip the
 * session lookup and may be cached publicly; with one, Better Auth still decides whether it is valid.
 */
export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}
