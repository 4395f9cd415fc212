import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/test-database";
import { createJobRunner, enqueueJob, PermanentJobError, type JobHandler } from ".";
import { claimJob, finishJob, pruneJobs } from "./store";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

describe("job runner", () => {
  let handle: TestDatabase;
  const jobById = async (id: string) => (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const secondsUntilDue = async (id: string) => {
    const [{ wait }] = await handle.db
      .select({ wait: sql`extract(epoch from ${jobs.runAt} - now())::float8`.mapWith(Number) })
      .from(jobs)
      .where(eq(jobs.id, id));
    return wait;
  };
  const makeDue = (id: string) =>
    handle.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));
  const runner = (handlers: Record<string, JobHandler>, intervalMs?: number) =>
    createJobRunner({ db: handle.db, logger, handlers, intervalMs });

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
  });

  it("enqueues in the caller's transaction, and leaves a job with a later runAt for later", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueJob(tx, "echo", { n: 1 });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await handle.db.select().from(jobs)).toHaveLength(0);

    const seen: unknown[] = [];
    const jobsRunner = runner({ echo: { run: async (payload) => void seen.push(payload) } });
    const now = await handle.db.transaction((tx) => enqueueJob(tx, "echo", { n: 2 }));
    const later = await enqueueJob(handle.db, "echo", { n: 3 }, { runAt: new Date(Date.now() + 60_000) });
    const unknownKind = await enqueueJob(handle.db, "someone-else", {});

    expect(await jobsRunner.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual([{ n: 2 }]);
    expect(await jobById(now)).toMatchObject({
      state: "done",
      attempts: 1,
      lockedUntil: null,
      leaseToken: null,
    });
    expect((await jobById(now)).finishedAt).toBeInstanceOf(Date);
    expect(await jobById(later)).toMatchObject({ state: "pending", attempts: 0 });
    expect(await jobById(unknownKind)).toMatchObject({ state: "pending", attempts: 0 });
  });

  it("keeps one unfinished job per dedupe key, and takes a new one once it is done", async () => {
    const first = await enqueueJob(handle.db, "echo", { v: 1 }, { dedupeKey: "media:1" });
    expect(await enqueueJob(handle.db, "echo", { v: 2 }, { dedupeKey: "media:1" })).toBe(first);
    const otherKey = await enqueueJob(handle.db, "echo", {}, { dedupeKey: "media:2" });
    const otherKind = await enqueueJob(handle.db, "other", {}, { dedupeKey: "media:1" });
    expect(new Set([first, otherKey, otherKind]).size).toBe(3);

    await runner({ echo: { run: async () => {} } }).runOnce();
    const again = await enqueueJob(handle.db, "echo", { v: 3 }, { dedupeKey: "media:1" });
    expect(again).not.toBe(first);
    expect(await jobById(again)).toMatchObject({ state: "pending", payload: { v: 3 } });
  });

  it("retries with exponential backoff and gives up after maxAttempts, keeping the last error", async () => {
    let calls = 0;
    const jobsRunner = runner({
      flaky: {
        maxAttempts: 3,
        run: async (_payload, job) => {
          calls++;
          expect(job).toMatchObject({ attempt: calls, maxAttempts: 3 });
          throw new Error(`boom ${calls}`);
        },
      },
    });
    const id = await enqueueJob(handle.db, "flaky", {});

    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await jobById(id)).toMatchObject({ state: "pending", attempts: 1, lastError: "boom 1" });
    // 2^1 s after the first failure, 2^2 s after the second.
    expect(await secondsUntilDue(id)).toBeGreaterThan(1);
    expect(await secondsUntilDue(id)).toBeLessThanOrEqual(2);
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 0 });

    await makeDue(id);
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await secondsUntilDue(id)).toBeGreaterThan(3);
    expect(await secondsUntilDue(id)).toBeLessThanOrEqual(4);

    await makeDue(id);
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 1 });
    const failed = await jobById(id);
    expect(failed).toMatchObject({ state: "failed", attempts: 3, lastError: "boom 3", leaseToken: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    await makeDue(id);
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 0 });
    expect(calls).toBe(3);
  });

  it("fails a job at once on a PermanentJobError", async () => {
    const id = await enqueueJob(handle.db, "strict", { bad: true });
    const jobsRunner = runner({
      strict: {
        run: async () => {
          throw new PermanentJobError("a strict job needs { good }");
        },
      },
    });
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await jobById(id)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: "a strict job needs { good }",
    });
  });

  it("claims again a job whose lease ran out, and the stale claim can no longer finish it", async () => {
    const id = await enqueueJob(handle.db, "echo", {});
    // A claim whose process then died: nobody renews it.
    const stale = await claimJob(handle.db, "echo", { leaseSeconds: 0.3 });
    expect(stale?.id).toBe(id);
    let runs = 0;
    const jobsRunner = runner({ echo: { run: async () => void runs++ } });
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 0 });

    await sleep(400);
    expect(await jobsRunner.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(await jobById(id)).toMatchObject({ state: "done", attempts: 2 });
    expect(await finishJob(handle.db, stale!)).toBe(false);
    expect(runs).toBe(1);
  });

  it("renews the lease of a job that runs longer than it, so no other runner takes the job", async () => {
    let runs = 0;
    const slow: JobHandler = {
      leaseSeconds: 0.3,
      run: async () => {
        runs++;
        await sleep(1_200);
      },
    };
    const id = await enqueueJob(handle.db, "slow", {});
    const first = runner({ slow }).runOnce();
    await waitFor(() => runs === 1);
    await sleep(600);
    expect(await runner({ slow }).runOnce()).toEqual({ done: 0, failed: 0 });
    expect(await first).toEqual({ done: 1, failed: 0 });
    expect(runs).toBe(1);
    expect(await jobById(id)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("never runs more than `concurrency` jobs of a kind at once, across runners", async () => {
    let active = 0;
    let most = 0;
    const transcode: JobHandler = {
      concurrency: 1,
      run: async () => {
        most = Math.max(most, ++active);
        await sleep(40);
        active--;
      },
    };
    for (let i = 0; i < 6; i++) await enqueueJob(handle.db, "transcode", { i });
    const runners = [runner({ transcode }), runner({ transcode }), runner({ transcode })];
    let done = 0;
    for (let round = 0; round < 20 && done < 6; round++) {
      const results = await Promise.all(runners.map((each) => each.runOnce()));
      done += results.reduce((sum, result) => sum + result.done, 0);
    }
    expect(done).toBe(6);
    expect(most).toBe(1);
  });

  it("runs each kind on its own, so a slow kind does not hold up another", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = false;
    const jobsRunner = runner(
      {
        slow: {
          run: async () => {
            slowStarted = true;
            await gate;
          },
        },
        mail: { run: async () => {} },
      },
      60_000,
    );
    jobsRunner.start();
    try {
      await sleep(100);
      const slow = await enqueueJob(handle.db, "slow", {});
      jobsRunner.wake("slow");
      await waitFor(() => slowStarted);
      const mail = await enqueueJob(handle.db, "mail", {});
      jobsRunner.wake("mail");
      await waitFor(async () => (await jobById(mail)).state === "done");
      expect((await jobById(slow)).state).toBe("running");
      release();
      await waitFor(async () => (await jobById(slow)).state === "done");
    } finally {
      release();
      await jobsRunner.stop();
    }
  });

  it("on stop, interrupts the job in hand and hands it back without counting the attempt", async () => {
    let aborted = false;
    const jobsRunner = runner({
      long: {
        run: (_payload, job) =>
          new Promise<void>((_resolve, reject) => {
            job.signal.addEventListener("abort", () => {
              aborted = true;
              reject(job.signal.reason);
            });
          }),
      },
    });
    const id = await enqueueJob(handle.db, "long", {});
    jobsRunner.start();
    await waitFor(async () => (await jobById(id)).state === "running");
    await jobsRunner.stop();
    expect(aborted).toBe(true);
    expect(await jobById(id)).toMatchObject({
      state: "pending",
      attempts: 0,
      lockedUntil: null,
      leaseToken: null,
    });
    expect(await secondsUntilDue(id)).toBeLessThanOrEqual(0);
  });

  it("gives up on a job whose runs keep dying before they finish", async () => {
    const id = await enqueueJob(handle.db, "fragile", {});
    for (let i = 0; i < 2; i++) {
      expect(await claimJob(handle.db, "fragile", { leaseSeconds: 0.05 })).not.toBeNull();
      await sleep(100);
    }
    let runs = 0;
    const result = await runner({ fragile: { maxAttempts: 2, run: async () => void runs++ } }).runOnce();
    expect(result).toEqual({ done: 0, failed: 1 });
    expect(runs).toBe(0);
    expect(await jobById(id)).toMatchObject({ state: "failed", attempts: 3 });
    expect((await jobById(id)).lastError).toMatch(/stopped before finishing, 2 times/);
  });

  it("prunes finished jobs once they are old enough", async () => {
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    const insert = (state: "done" | "failed" | "pending", days: number) =>
      handle.db
        .insert(jobs)
        .values({ kind: "old", state, finishedAt: state === "pending" ? null : daysAgo(days) })
        .returning({ id: jobs.id });
    await insert("done", 8);
    const [recentDone] = await insert("done", 1);
    await insert("failed", 31);
    const [recentFailed] = await insert("failed", 8);
    const [pending] = await insert("pending", 0);
    expect(await pruneJobs(handle.db)).toEqual({ done: 1, failed: 1 });
    const left = (await handle.db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort();
    expect(left).toEqual([recentDone.id, recentFailed.id, pending.id].sort());
  });
});
