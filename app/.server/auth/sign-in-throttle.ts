import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../infra/db/client";
import { RATE_LIMIT_MESSAGE } from "../infra/rate-limit";

/**
 * A growing delay between sign-in attempts on one account (or one known browser of it), rather than a lock:
 * the first FREE_ATTEMPTS go through at once, then each next attempt must wait FIRST_DELAY, doubling up to
 * MAX_DELAY. After a quiet day the count starts over; a successful sign-in clears it. Someone guessing gets about
 * a hundred tries a day, and the owner is kept out at most MAX_DELAY after the guessing stops (and not at all
 * from a browser they signed in with before: known-device.ts). docs/security.md "Password guessing".
 */
export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 15_000;
const MAX_DELAY_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
// 2^6 × 15 s already passes MAX_DELAY; capping the exponent keeps the SQL arithmetic small.
const MAX_DOUBLINGS = 6;

/** Milliseconds to wait after the attempt that made `attempts`. */
export function delayAfter(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(attempts - FREE_ATTEMPTS, MAX_DOUBLINGS), MAX_DELAY_MS);
}

export interface AttemptResult {
  allowed: boolean;
  /** Seconds until the next attempt may go through (when refused). */
  retryAfter: number;
}

/**
 * Takes one attempt on `key` if its delay has passed. Atomic (a conditional UPDATE under the row lock), so a
 * burst of parallel requests gets FREE_ATTEMPTS through, not one per request.
 */
export async function reserveAttempt(db: Database, key: string): Promise<AttemptResult> {
  const now = Date.now();
  await db.execute(
    sql`insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 0, 0)
        on conflict (key) do nothing`,
  );
  const forgotten = sql`rate_limits.last_request < ${now - FORGET_AFTER_MS}::bigint`;
  const doublings = sql`least(rate_limits.count - ${FREE_ATTEMPTS}::int, ${MAX_DOUBLINGS}::int)`;
  const delay = sql`least(${FIRST_DELAY_MS}::float8 * power(2, ${doublings}), ${MAX_DELAY_MS}::float8)`;
  const taken = await queryRows<{ count: number }>(
    db,
    sql`update rate_limits
        set count = case when ${forgotten} then 1 else rate_limits.count + 1 end, last_request = ${now}
        where key = ${key}
          and (${forgotten} or rate_limits.count < ${FREE_ATTEMPTS}::int or rate_limits.last_request + ${delay} <= ${now}::float8)
        returning count`,
  );
  if (taken.length > 0) return { allowed: true, retryAfter: 0 };
  const [row] = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`select count, last_request from rate_limits where key = ${key}`,
  );
  const waitMs = row ? Number(row.last_request) + delayAfter(row.count) - now : 0;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** What the person is told while refused: the wait, in the largest unit that fits. */
export function waitMessage(retryAfter: number): string {
  if (retryAfter <= 60) return RATE_LIMIT_MESSAGE;
  return `Too many attempts. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`;
}
