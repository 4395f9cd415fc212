import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { createJobRunner } from ".";
import { enqueueAny, testJobs, type TestJob } from "../../../../tests/support/jobs/test-helpers";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two app instances on one database. On PostgreSQL each has its own connection pool, as two servers would; the
 * embedded database has one owner, so there both runners share its handle.
 */
describe("two job runners on one database", () => {
  let handle: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase();
    second = "databaseUrl" in handle.target ? await openDatabase(handle.target) : handle;
  });
  afterAll(async () => {
    if (second !== handle) await second?.close();
    await handle?.close();
  });

  it("never run the same job twice, and respect a kind's concurrency between them", async () => {
    const executions = new Map<string, number>();
    const ranBy = [0, 0];
    let transcoding = 0;
    let mostTranscoding = 0;
    const handlersFor = (instance: number): Record<string, TestJob> => ({
      work: {
        run: async (_payload, job) => {
          executions.set(job.id, (executions.get(job.id) ?? 0) + 1);
          ranBy[instance]++;
          await sleep(Math.random() * 3);
        },
      },
      transcode: {
        concurrency: 1,
        run: async (_payload, job) => {
          executions.set(job.id, (executions.get(job.id) ?? 0) + 1);
          mostTranscoding = Math.max(mostTranscoding, ++transcoding);
          await sleep(5);
          transcoding--;
        },
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) ids.push(await enqueueAny(handle.db, "work", { i }));
    for (let i = 0; i < 20; i++) ids.push(await enqueueAny(handle.db, "transcode", { i }));

    const runners = [handle.db, second.db].map((db, instance) =>
      createJobRunner({ db, logger, jobs: testJobs(handlersFor(instance)), intervalMs: 20 }),
    );
    for (const runner of runners) runner.start();
    try {
      const deadline = Date.now() + 60_000;
      const finished = async () =>
        (await handle.db.select({ n: count() }).from(jobs).where(eq(jobs.state, "done")))[0].n;
      while ((await finished()) < ids.length && Date.now() < deadline) await sleep(50);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }

    expect(executions.size).toBe(ids.length);
    expect([...executions.values()].every((times) => times === 1)).toBe(true);
    const rows = await handle.db.select({ state: jobs.state, attempts: jobs.attempts }).from(jobs);
    expect(rows.every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
    expect(mostTranscoding).toBe(1);
    // Both instances took part (each claims as soon as the other is busy with a job).
    expect(ranBy.every((n) => n > 0)).toBe(true);
  });
});
