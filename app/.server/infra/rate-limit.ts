import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Database } from "./db/client";
import { z } from "~/lib/zod";
import { defineJob, enqueue, runnableJob, type RunnableJob } from "./jobs";

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

/**
 * A counter unused this long is worth nothing: every window (ours at most an hour, the sign-in throttle's memory a
 * day, Better Auth's a minute) has long expired, and a counter past its window counts exactly like no counter.
 */
export const RATE_LIMIT_KEEP_MS = 2 * 24 * 60 * 60_000;

/** Deletes the counters unused for RATE_LIMIT_KEEP_MS (one row per address and form would otherwise pile up). */
export async function pruneRateLimits(db: Database, now = Date.now()): Promise<number> {
  const deleted = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from rate_limits where last_request < ${now - RATE_LIMIT_KEEP_MS} returning 1)
        select count(*)::int as n from gone`,
  );
  return deleted[0]?.n ?? 0;
}

export const RATE_LIMITS_PRUNE_JOB = "rate-limits.prune";
const PRUNE_EVERY_MS = 60 * 60_000;

/** Queues the pruning of the hour `hour` (ms since the epoch / PRUNE_EVERY_MS), unless it is queued. */
function queuePruning(db: Database, hour: number, runAt?: Date): Promise<string> {
  return enqueue(db, rateLimitPruneJob, {}, { runAt, dedupeKey: `hour:${hour}` });
}

/** Queues this hour's pruning unless it is queued (at start-up, by every instance; one per hour across them). */
export async function scheduleRateLimitPruning(db: Database, now = Date.now()) {
  await queuePruning(db, Math.floor(now / PRUNE_EVERY_MS));
}

/** The job: queues the next hour's run first (so a failing run never ends the chain), then prunes. */
export const rateLimitPruneJob = defineJob({
  kind: RATE_LIMITS_PRUNE_JOB,
  payload: z.object({}),
  maxAttempts: 3,
  leaseSeconds: 120,
  concurrency: 1,
  async run(_payload, _job, { db, logger }: { db: Database; logger: Pick<Logger, "info"> }) {
    const next = (Math.floor(Date.now() / PRUNE_EVERY_MS) + 1) * PRUNE_EVERY_MS;
    await queuePruning(db, next / PRUNE_EVERY_MS, new Date(next));
    const pruned = await pruneRateLimits(db);
    if (pruned > 0) logger.info({ pruned }, "old rate-limit counters deleted");
  },
});

/** The pruning job with what it needs from the server, for the job runner. */
export function createRateLimitPruning(deps: { db: Database; logger: Pick<Logger, "info"> }): RunnableJob {
  return runnableJob(rateLimitPruneJob, deps);
}
