// What the job runner's tests share.
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../../../app/.server/infra/db/client";
import { jobs } from "../../../app/.server/infra/db/schema";
import type { RunnableJob } from "../../../app/.server/infra/jobs/define";
import { enqueue, type EnqueueOptions } from "../../../app/.server/infra/jobs/enqueue";
import { createJobRunner } from "../../../app/.server/infra/jobs/runner";
import type { JobContext, JobOptions } from "../../../app/.server/infra/jobs/types";
import { z } from "../../../app/lib/zod";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/** A kind in the runner's own tests, which are about scheduling, not payloads: any payload runs. */
export type TestJob = JobOptions & { run(payload: unknown, job: JobContext): Promise<void> };

/** The definition part enqueue needs, for a kind that takes any payload. */
export const anyKind = (kind: string) => ({ kind, payload: z.unknown() });

/** Enqueues a job of a kind that takes any payload. */
export const enqueueAny = (db: Database, kind: string, payload: unknown, options?: EnqueueOptions) =>
  enqueue(db, anyKind(kind), payload, options);

/** The runner's jobs from test kinds by name (a RunnableJob given keeps its own payload schema). */
export const testJobs = (byKind: Record<string, TestJob | RunnableJob>): RunnableJob[] =>
  Object.entries(byKind).map(([kind, job]) => ({ payload: z.unknown(), ...job, kind }));

/** Reading and nudging jobs of the test database `db()` returns, and runners on it. */
export function jobHelpers(db: () => Database) {
  return {
    jobById: async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0],
    secondsUntilDue: async (id: string) => {
      const [{ wait }] = await db()
        .select({ wait: sql`extract(epoch from ${jobs.runAt} - now())::float8`.mapWith(Number) })
        .from(jobs)
        .where(eq(jobs.id, id));
      return wait;
    },
    makeDue: (id: string) =>
      db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, id)),
    runner: (byKind: Record<string, TestJob | RunnableJob>, intervalMs?: number) =>
      createJobRunner({ db: db(), logger: pino({ level: "silent" }), jobs: testJobs(byKind), intervalMs }),
  };
}
