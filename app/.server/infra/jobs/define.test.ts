import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { defineJob, enqueue, runnableJob } from ".";
import { enqueueAny, jobHelpers } from "../../../../tests/support/jobs/test-helpers";

describe("typed jobs", () => {
  let handle: TestDatabase;
  const { jobById, makeDue, runner } = jobHelpers(() => handle.db);
  const seen: unknown[] = [];
  const itemJob = defineJob({
    kind: "item.touch",
    payload: z.object({ itemId: z.uuid(), note: z.string().trim().default("") }),
    maxAttempts: 5,
    async run(payload, _job, deps: { seen: unknown[] }) {
      deps.seen.push(payload);
    },
  });
  const itemRunner = () => runner({ [itemJob.kind]: runnableJob(itemJob, { seen }) });
  const ITEM = "5f0b7c9e-8a43-4c1e-9d2a-0c6e1f3b2a71";

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    seen.length = 0;
    await handle.db.delete(jobs);
  });

  it("hands run the parsed payload of a typed enqueue", async () => {
    const id = await enqueue(handle.db, itemJob, { itemId: ITEM, note: "  hello " });
    expect(await itemRunner().runOnce()).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual([{ itemId: ITEM, note: "hello" }]);
    expect(await jobById(id)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("fails a job whose payload does not parse at once, saying why, without running it or retrying", async () => {
    // Typed enqueue cannot write this; a row written by hand or by an older version of the code can.
    const id = await enqueueAny(handle.db, itemJob.kind, { itemId: "not-a-uuid" });
    const jobsRunner = itemRunner();
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(seen).toEqual([]);
    const failed = await jobById(id);
    expect(failed).toMatchObject({ state: "failed", attempts: 1, lockedUntil: null, leaseToken: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(failed.lastError).toMatch(/^malformed payload: /);
    expect(failed.lastError).toContain("itemId");
    // Failed for good: nothing runs it again, though its kind allows 5 attempts.
    await makeDue(id);
    expect(await jobsRunner.runOnce()).toEqual({ done: 0, failed: 0 });
    expect(await jobById(id)).toMatchObject({ state: "failed", attempts: 1 });
  });

  it("refuses a payload of the wrong shape at compile time", () => {
    // Never called: the check is tsc's.
    const wrongShape = () =>
      // @ts-expect-error: itemId must be a string
      enqueue(handle.db, itemJob, { itemId: 42 });
    expect(typeof wrongShape).toBe("function");
  });
});
