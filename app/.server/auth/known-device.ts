import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A "known device" cookie (OWASP's device-cookie defence against lock-out abuse): after a successful sign-in the
 * browser gets a signed token bound to that account. Attempts that carry it are throttled per device, not per
 * account, so someone guessing an owner's password from elsewhere cannot keep the owner's own browser out.
 * The token grants nothing else: the password is still checked, and the device has its own delay.
 */
export const KNOWN_DEVICE_COOKIE = "local-shine.known-device";
export const KNOWN_DEVICE_MAX_AGE = 60 * 60 * 24 * 180;

function mac(secret: string, id: string, email: string) {
  return createHmac("sha256", secret).update(`known-device\n${id}\n${email}`).digest("base64url");
}

/** A new token for a browser that just signed in as `email`. */
export function knownDeviceToken(secret: string, email: string): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${mac(secret, id, email.toLowerCase())}`;
}

/** The device id if `token` was issued to a browser of `email`, else null (absent, forged or another account). */
export function knownDeviceId(
  secret: string,
  email: string,
  token: string | null | undefined,
): string | null {
  if (!token || token.length > 200) return null;
  const [id, signature, ...rest] = token.split(".");
  if (!id || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, id, email.toLowerCase()));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
