import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "./db/client";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window. */
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when refused). */
  retryAfter: number;
}

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/**
 * Counts one hit on `key` in a fixed window kept in the database, so the limit holds across app instances.
 * One atomic upsert: a new window starts when the old one has expired.
 */
export async function hitRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = Date.now();
  const windowMs = rule.window * 1000;
  const [row] = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.last_request < ${now - windowMs} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request < ${now - windowMs} then ${now} else rate_limits.last_request end
        returning count, last_request`,
  );
  const windowStart = Number(row.last_request);
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  return { allowed: row.count <= rule.max, retryAfter };
}

/** Gives back one hit on `key` (an attempt that turned out fine should not count against the caller). */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets `key`'s counter. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
