/**
 * The Better Auth endpoints reachable over HTTP under /api/auth: only the links the site's own emails carry.
 *
 * Why an allow-list: Better Auth ships dozens of endpoints (JSON sign-in and sign-up, change-password,
 * update-user, sessions, the admin plugin's user management…). Each one the site does not use is a second door
 * beside its forms, with locks that would have to be kept in step with the forms' (sign-in delays, password rules,
 * answers that do not reveal accounts). The forms call Better Auth on the server (app/.server/accounts), so
 * those endpoints need no HTTP route at all. Anything not listed here answers 404. docs/security.md "One door to
 * accounts".
 */
const EXPOSED: readonly { method: string; path: RegExp; why: string }[] = [
  {
    method: "GET",
    path: /^\/api\/auth\/verify-email$/,
    why: "the confirmation link in the sign-up email: confirms the address and signs in",
  },
  {
    method: "GET",
    path: /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]{1,200}$/,
    why: "the link in the reset email: checks the token, then redirects to /reset-password?token=…",
  },
];

/** Whether a request may reach Better Auth's HTTP handler. `pathname` as the request line spells it (not decoded). */
export function isExposedAuthEndpoint(method: string, pathname: string): boolean {
  return EXPOSED.some((endpoint) => endpoint.method === method && endpoint.path.test(pathname));
}
