import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, rateLimits } from "./db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { jobHelpers } from "../../../tests/support/jobs/test-helpers";
import {
  createRateLimitPruning,
  hitRateLimit,
  pruneRateLimits,
  RATE_LIMIT_KEEP_MS,
  RATE_LIMITS_PRUNE_JOB,
  scheduleRateLimitPruning,
} from "./rate-limit";

describe("rate-limit counters", () => {
  let handle: TestDatabase;
  const { runner } = jobHelpers(() => handle.db);
  const keys = async () =>
    (await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(rateLimits);
    await handle.db.delete(jobs);
  });

  it("deletes only the counters unused past every window, and a fresh one counts as before", async () => {
    const now = Date.now();
    await hitRateLimit(handle.db, "contact:203.0.113.1", { window: 60, max: 1 });
    await hitRateLimit(handle.db, "contact:203.0.113.2", { window: 60, max: 1 });
    await hitRateLimit(handle.db, "contact:203.0.113.3", { window: 60, max: 1 });
    await handle.db.execute(sql`update rate_limits set last_request = ${now - RATE_LIMIT_KEEP_MS - 1}
      where key in ('contact:203.0.113.1', 'contact:203.0.113.2')`);
    // A counter still inside its window is kept, with its count.
    expect(await pruneRateLimits(handle.db, now)).toBe(2);
    expect(await keys()).toEqual(["contact:203.0.113.3"]);
    expect((await hitRateLimit(handle.db, "contact:203.0.113.3", { window: 60, max: 1 })).allowed).toBe(
      false,
    );
    expect((await hitRateLimit(handle.db, "contact:203.0.113.1", { window: 60, max: 1 })).allowed).toBe(true);
    expect(await pruneRateLimits(handle.db, now)).toBe(0);
  });

  it("runs as an hourly job, queued once per hour, that queues its next run itself", async () => {
    await scheduleRateLimitPruning(handle.db);
    await scheduleRateLimitPruning(handle.db);
    const pending = async (due: "now" | "later") => {
      const rows = await handle.db.execute(sql`select count(*)::int as n from jobs
        where kind = ${RATE_LIMITS_PRUNE_JOB} and state = 'pending'
          and ${due === "now" ? sql`run_at <= now()` : sql`run_at > now()`}`);
      return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(await pending("now")).toBe(1);
    await hitRateLimit(handle.db, "old", { window: 60, max: 1 });
    await handle.db.execute(
      sql`update rate_limits set last_request = ${Date.now() - RATE_LIMIT_KEEP_MS - 1}`,
    );

    const jobsRunner = runner({
      [RATE_LIMITS_PRUNE_JOB]: createRateLimitPruning({ db: handle.db, logger: pino({ level: "silent" }) }),
    });
    expect(await jobsRunner.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(await keys()).toEqual([]);
    expect(await pending("now")).toBe(0);
    expect(await pending("later")).toBe(1);
  });
});
