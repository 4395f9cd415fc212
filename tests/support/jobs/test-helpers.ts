// What the job runner's tests share.
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../../../app/.server/infra/db/client";
import { jobs } from "../../../app/.server/infra/db/schema";
import { createJobRunner } from "../../../app/.server/infra/jobs/runner";
import type { JobHandler } from "../../../app/.server/infra/jobs/types";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

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
    runner: (handlers: Record<string, JobHandler>, intervalMs?: number) =>
      createJobRunner({ db: db(), logger: pino({ level: "silent" }), handlers, intervalMs }),
  };
}
