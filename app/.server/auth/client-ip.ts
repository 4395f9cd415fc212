/**
 * Header carrying the client address into Better Auth (its own limiter and this app's hooks). server/app.ts
 * overwrites any client-sent value with the address Express resolved (TRUST_PROXY), so it can be trusted.
 */
export const CLIENT_IP_HEADER = "x-local-shine-client-ip";

/** The client address a request's headers carry, or "unknown" (direct server-side calls without one). */
export function clientIpFrom(headers: Headers | undefined): string {
  return headers?.get(CLIENT_IP_HEADER) || "unknown";
}

/** A copy of `headers` carrying `ip` as the client address. */
export function withClientIp(headers: Headers, ip: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}
