import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { PermanentJobError } from ".";
import { pruneJobs } from "./store";
import { enqueueAny, jobHelpers, sleep, waitFor } from "../../../../tests/support/jobs/test-helpers";

describe("job runner", () => {
  let handle: TestDatabase;
  const { jobById, secondsUntilDue, makeDue, runner } = jobHelpers(() => handle.db);

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
        await enqueueAny(tx, "echo", { n: 1 });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await handle.db.select().from(jobs)).toHaveLength(0);

    const seen: unknown[] = [];
    const jobsRunner = runner({ echo: { run: async (payload) => void seen.push(payload) } });
    const now = await handle.db.transaction((tx) => enqueueAny(tx, "echo", { n: 2 }));
    const later = await enqueueAny(handle.db, "echo", { n: 3 }, { runAt: new Date(Date.now() + 60_000) });
    const unknownKind = await enqueueAny(handle.db, "someone-else", {});

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
    const first = await enqueueAny(handle.db, "echo", { v: 1 }, { dedupeKey: "media:1" });
    expect(await enqueueAny(handle.db, "echo", { v: 2 }, { dedupeKey: "media:1" })).toBe(first);
    const otherKey = await enqueueAny(handle.db, "echo", {}, { dedupeKey: "media:2" });
    const otherKind = await enqueueAny(handle.db, "other", {}, { dedupeKey: "media:1" });
    expect(new Set([first, otherKey, otherKind]).size).toBe(3);

    await runner({ echo: { run: async () => {} } }).runOnce();
    const again = await enqueueAny(handle.db, "echo", { v: 3 }, { dedupeKey: "media:1" });
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
    const id = await enqueueAny(handle.db, "flaky", {});

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
    const id = await enqueueAny(handle.db, "strict", { bad: true });
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
      const slow = await enqueueAny(handle.db, "slow", {});
      jobsRunner.wake("slow");
      await waitFor(() => slowStarted);
      const mail = await enqueueAny(handle.db, "mail", {});
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
    const id = await enqueueAny(handle.db, "long", {});
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
