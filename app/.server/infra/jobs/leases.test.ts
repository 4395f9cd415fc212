import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { claimJob, finishJob } from "./store";
import {
  enqueueAny,
  jobHelpers,
  sleep,
  waitFor,
  type TestJob,
} from "../../../../tests/support/jobs/test-helpers";

describe("job leases", () => {
  let handle: TestDatabase;
  const { jobById, runner } = jobHelpers(() => handle.db);

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
  });

  it("claims again a job whose lease ran out, and the stale claim can no longer finish it", async () => {
    const id = await enqueueAny(handle.db, "echo", {});
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
    const slow: TestJob = {
      leaseSeconds: 0.3,
      run: async () => {
        runs++;
        await sleep(1_200);
      },
    };
    const id = await enqueueAny(handle.db, "slow", {});
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
    const transcode: TestJob = {
      concurrency: 1,
      run: async () => {
        most = Math.max(most, ++active);
        await sleep(40);
        active--;
      },
    };
    for (let i = 0; i < 6; i++) await enqueueAny(handle.db, "transcode", { i });
    const runners = [runner({ transcode }), runner({ transcode }), runner({ transcode })];
    let done = 0;
    for (let round = 0; round < 20 && done < 6; round++) {
      const results = await Promise.all(runners.map((each) => each.runOnce()));
      done += results.reduce((sum, result) => sum + result.done, 0);
    }
    expect(done).toBe(6);
    expect(most).toBe(1);
  });

  it("gives up on a job whose runs keep dying before they finish", async () => {
    const id = await enqueueAny(handle.db, "fragile", {});
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
});
