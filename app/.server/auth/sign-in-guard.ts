import { APIError } from "better-auth/api";
import type { Database } from "../infra/db/client";
import { clearRateLimit, hitRateLimit, refundRateLimit } from "../infra/rate-limit";
import { reserveAttempt, waitMessage } from "./sign-in-throttle";

/**
 * The one lock on signing in with a password, run by Better Auth's hooks around `/sign-in/email` so it holds
 * for every caller of that endpoint (the /signin form today, any door opened later). docs/security.md
 * "Password guessing".
 */

// Per client IP: a fixed window; successful sign-ins are given back, so an office behind one address is not
// slowed by its own people.
const SIGNIN_PER_IP = { window: 60, max: 5 };

export interface SignInAttempt {
  email: string;
  ip: string;
  /** The browser's known-device id for this account, if it carries a valid one. */
  deviceId: string | null;
}

const ipKey = (attempt: SignInAttempt) => `signin:ip:${attempt.ip}`;
const accountKey = (email: string) => `signin:account:${email.toLowerCase()}`;
const deviceKey = (deviceId: string) => `signin:device:${deviceId}`;

function tooMany(retryAfter: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: waitMessage(retryAfter), code: "TOO_MANY_ATTEMPTS" },
    { "Retry-After": String(retryAfter) },
  );
}

/** Takes an attempt from the IP's and the account's (or known device's) allowance, or throws a 429. */
export async function admitSignIn(db: Database, attempt: SignInAttempt): Promise<void> {
  const byIp = await hitRateLimit(db, ipKey(attempt), SIGNIN_PER_IP);
  if (!byIp.allowed) throw tooMany(byIp.retryAfter);
  const key = attempt.deviceId ? deviceKey(attempt.deviceId) : accountKey(attempt.email);
  const byAccount = await reserveAttempt(db, key);
  if (!byAccount.allowed) throw tooMany(byAccount.retryAfter);
}

/** After the password proved right (signed in, or only unconfirmed): the attempt does not count. */
export async function passwordWasRight(db: Database, attempt: SignInAttempt): Promise<void> {
  await refundRateLimit(db, ipKey(attempt));
  await clearSignInDelay(db, attempt.email);
  if (attempt.deviceId) await clearRateLimit(db, deviceKey(attempt.deviceId));
}

/** Forgets the account's delay (after a successful sign-in or a password reset by email). */
export async function clearSignInDelay(db: Database, email: string): Promise<void> {
  await clearRateLimit(db, accountKey(email));
}
