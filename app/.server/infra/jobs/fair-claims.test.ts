import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { enqueueAny } from "../../../../tests/support/jobs/test-helpers";
import { claimJob, finishJob, type ClaimCaps } from "./store";

const KIND = "transcode";
/** As media processing sets them: two at once, one per group, one heavy. */
const CAPS: ClaimCaps = { concurrency: 2, groupConcurrency: 1, heavyConcurrency: 1 };

/**
 * Claims that are fair between groups (owners) and keep light work from waiting behind heavy work, on two
 * instances: on PostgreSQL (TEST_DATABASE_URL) the second claimer has its own pool, as another server would.
 */
describe("fair claims", () => {
  let handle: TestDatabase;
  let other: DatabaseHandle;
  const names = new Map<string, string>();

  beforeAll(async () => {
    handle = await createTestDatabase();
    other = "databaseUrl" in handle.target ? await openDatabase(handle.target) : handle;
  }, 300_000);
  afterAll(async () => {
    if (other !== handle) await other?.close();
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
    names.clear();
  });

  async function queue(name: string, groupKey: string, heavy: boolean) {
    names.set(await enqueueAny(handle.db, KIND, { name }, { groupKey, heavy }), name);
  }
  const claim = async (db: DatabaseHandle) => {
    const job = await claimJob(db.db, KIND, { leaseSeconds: 60, ...CAPS });
    return job && { job, name: names.get(job.id) };
  };

  it("takes owners in turn and never lets one owner's backlog of heavy jobs hold up another owner's work", async () => {
    // Owner A's backlog was queued first; B's image and C's video after it.
    for (const name of ["a1", "a2", "a3"]) await queue(name, "A", true);
    await queue("c1", "C", true);
    await queue("b1", "B", false);

    const first = await claim(handle);
    expect(first?.name).toBe("a1");
    // A has a job running (one per owner) and a heavy job runs (one at a time): B's light job is next, on any instance.
    const second = await claim(other);
    expect(second?.name).toBe("b1");
    // Two run: nothing more, whoever asks.
    expect(await claim(handle)).toBeNull();
    expect(await claim(other)).toBeNull();

    await finishJob(handle.db, first!.job);
    // A was served just now, C never: C goes before A's older backlog.
    const third = await claim(other);
    expect(third?.name).toBe("c1");
    await finishJob(handle.db, second!.job);
    // C's video holds the heavy slot: A's next waits even though a slot is free.
    expect(await claim(handle)).toBeNull();
    await finishJob(other.db, third!.job);
    expect((await claim(handle))?.name).toBe("a2");
  });

  it("lets an owner's image run beside another owner's video, and an owner's jobs one at a time", async () => {
    await queue("video", "A", true);
    await queue("second video", "B", true);
    await queue("own image", "A", false);
    await queue("image", "B", false);
    expect((await claim(handle))?.name).toBe("video");
    // B's video waits for the heavy slot, A's image for A's video; B's image does not wait.
    expect((await claim(other))?.name).toBe("image");
  });
});
