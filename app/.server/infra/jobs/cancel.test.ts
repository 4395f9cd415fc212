import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { cancelJobs } from ".";
import {
  anyKind,
  enqueueAny,
  jobHelpers,
  waitFor,
  type TestJob,
} from "../../../../tests/support/jobs/test-helpers";

/** A job that runs until it is stopped, and says when it started and why it stopped. */
function untilStopped() {
  const seen = { started: false, stoppedBy: undefined as unknown };
  const handler: TestJob = {
    leaseSeconds: 60,
    renewSeconds: 0.1,
    run: (_payload, job) =>
      new Promise((_resolve, reject) => {
        seen.started = true;
        job.signal.addEventListener("abort", () => {
          seen.stoppedBy = job.signal.reason;
          reject(job.signal.reason as Error);
        });
      }),
  };
  return { seen, handler };
}

describe("cancelling jobs", () => {
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

  it("a cancelled job that waits never runs", async () => {
    let runs = 0;
    const id = await enqueueAny(handle.db, "work", {}, { dedupeKey: "item-1" });
    expect(await cancelJobs(handle.db, anyKind("work"), "item-1")).toEqual([id]);
    expect(await runner({ work: { run: async () => void runs++ } }).runOnce()).toEqual({
      done: 0,
      failed: 0,
    });
    expect(runs).toBe(0);
    expect(await jobById(id)).toBeUndefined();
  });

  it("stops a running job at once in the runner told of it, writing nothing back", async () => {
    const { seen, handler } = untilStopped();
    const id = await enqueueAny(handle.db, "work", {}, { dedupeKey: "item-2" });
    // Checks no sooner than a minute: only the runner's own cancel can stop it in time.
    const local = runner({ work: { ...handler, renewSeconds: 60 } });
    const running = local.runOnce();
    await waitFor(() => seen.started);
    local.cancel(await cancelJobs(handle.db, anyKind("work"), "item-2"));
    expect(await running).toEqual({ done: 0, failed: 0 });
    expect(String(seen.stoppedBy)).toMatch(/cancelled/);
    expect(await jobById(id)).toBeUndefined();
  });

  it("stops a running job at its next lease check on another instance", async () => {
    const { seen, handler } = untilStopped();
    await enqueueAny(handle.db, "work", {}, { dedupeKey: "item-3" });
    const elsewhere = runner({ work: handler });
    const running = elsewhere.runOnce();
    await waitFor(() => seen.started);
    // Cancelled by a process that does not run it (it has no runner to tell).
    await cancelJobs(handle.db, anyKind("work"), "item-3");
    expect(await running).toEqual({ done: 0, failed: 0 });
    expect(String(seen.stoppedBy)).toMatch(/claim is gone/);
  });
});
