import { and, eq, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../db/client";
import { jobs } from "../db/schema";

/** A job as its claimer holds it. `leaseToken` proves the claim in every later write. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  leaseToken: string;
}

const MAX_ERROR_LENGTH = 1_000;
const seconds = (value: number) => sql`make_interval(secs => ${value}::double precision)`;
const claimed = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.state, "running"), eq(jobs.leaseToken, job.leaseToken));

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/**
 * Due jobs of `kind`: pending ones whose time has come, and running ones whose lease ran out (their process died).
 * The database clock decides, so instances with skewed clocks agree.
 */
const due = (kind: string, exclude: string[]) => sql`${jobs.kind} = ${kind}
  and ${jobs.state} in ('pending', 'running')
  and ((${jobs.state} = 'pending' and ${jobs.runAt} <= now())
    or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now()))
  and ${notInArray(jobs.id, exclude)}`;

/** The caps a kind sets (JobOptions in types.ts): all of its jobs, one group's, the heavy ones. */
export interface ClaimCaps {
  concurrency?: number;
  groupConcurrency?: number;
  heavyConcurrency?: number;
}

/** The oldest due job. SKIP LOCKED lets instances claim side by side without waiting for each other's. */
const oldestDue = (kind: string, exclude: string[]) => sql`select ${jobs.id} from ${jobs}
  where ${due(kind, exclude)}
  order by ${jobs.runAt}, ${jobs.id}
  limit 1
  for update skip locked`;

/**
 * The due job whose turn it is, among those the group and heavy caps allow: the oldest job of the group served
 * least recently (never, or the longest ago a job of it finished; a group with a job running counts as served
 * now), so groups take turns and one group's backlog never delays another's. A job without a group goes first.
 * Only run under the kind's advisory lock (claimJob), which keeps two claimers from both taking the last free slot.
 */
function fairestDue(kind: string, exclude: string[], { groupConcurrency, heavyConcurrency }: ClaimCaps) {
  const live = sql`select "group_key", "heavy" from ${jobs}
    where ${jobs.kind} = ${kind} and ${jobs.state} = 'running' and ${jobs.lockedUntil} >= now()`;
  const groupRoom =
    groupConcurrency === undefined
      ? sql`true`
      : sql`(${jobs.groupKey} is null or (select count(*) from live where live.group_key = ${jobs.groupKey}) < ${groupConcurrency})`;
  const heavyRoom =
    heavyConcurrency === undefined
      ? sql`true`
      : sql`(not ${jobs.heavy} or (select count(*) from live where live.heavy) < ${heavyConcurrency})`;
  const lastServed = sql`(select max(coalesce(served.finished_at, 'infinity'::timestamptz)) from ${jobs} as served
    where served.kind = ${kind} and served.group_key = ${jobs.groupKey} and served.state <> 'pending')`;
  return sql`with live as (${live})
    select ${jobs.id} from ${jobs}
    where ${due(kind, exclude)} and ${groupRoom} and ${heavyRoom}
    order by ${lastServed} nulls first, ${jobs.runAt}, ${jobs.id}
    limit 1`;
}

/** Claims the job `pick` names, if it is still due when the row is written. */
async function claimOne(db: Database, kind: string, leaseSeconds: number, exclude: string[], pick: SQL) {
  const [row] = await db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + ${seconds(leaseSeconds)}`,
      leaseToken: sql`gen_random_uuid()`,
    })
    .where(sql`${jobs.id} = (${pick}) and ${due(kind, exclude)}`)
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      leaseToken: jobs.leaseToken,
    });
  return row ? ({ ...row, leaseToken: row.leaseToken! } satisfies ClaimedJob) : null;
}

/**
 * Claims a due job of `kind`, or null. With `concurrency`, only while fewer than that many hold a live lease, and
 * within the group and heavy caps, taking groups in turn (`fairestDue`): claimers of the kind take turns on an
 * advisory lock, so two never both see the last free slot, whichever instance they run on.
 */
export async function claimJob(
  db: Database,
  kind: string,
  { leaseSeconds, exclude = [], ...caps }: { leaseSeconds: number; exclude?: string[] } & ClaimCaps,
): Promise<ClaimedJob | null> {
  const { concurrency } = caps;
  if (concurrency === undefined) return claimOne(db, kind, leaseSeconds, exclude, oldestDue(kind, exclude));
  // Most polls find nothing: answer that with one statement rather than a transaction holding a lock.
  const [waiting] = await db.select({ id: jobs.id }).from(jobs).where(due(kind, exclude)).limit(1);
  if (!waiting) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`jobs:${kind}`}, 0))`);
    // A new statement after the lock: it sees every claim committed before the lock was ours.
    const [{ running }] = await queryRows<{ running: number }>(
      tx,
      sql`select count(*)::int as running from ${jobs}
          where ${jobs.kind} = ${kind} and ${jobs.state} = 'running' and ${jobs.lockedUntil} >= now()`,
    );
    if (running >= concurrency) return null;
    return claimOne(tx, kind, leaseSeconds, exclude, fairestDue(kind, exclude, caps));
  });
}

/** Extends the lease while the job runs. False when the claim is no longer ours (it ran out and was taken). */
export async function renewLease(db: Database, job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${seconds(leaseSeconds)}` })
    .where(claimed(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks the job done. False when the claim had already passed to another run. */
export async function finishJob(db: Database, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: "done", finishedAt: sql`now()`, lockedUntil: null, leaseToken: null, lastError: null })
    .where(claimed(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts the job back to run again after `delayMs`, keeping the error. */
export async function retryJob(db: Database, job: ClaimedJob, delayMs: number, error: string) {
  await db
    .update(jobs)
    .set({
      state: "pending",
      runAt: sql`now() + ${seconds(Math.max(0, delayMs) / 1000)}`,
      lockedUntil: null,
      leaseToken: null,
      lastError: error,
    })
    .where(claimed(job));
}

/** Gives up on the job, keeping the error. */
export async function failJob(db: Database, job: ClaimedJob, error: string) {
  await db
    .update(jobs)
    .set({ state: "failed", finishedAt: sql`now()`, lockedUntil: null, leaseToken: null, lastError: error })
    .where(claimed(job));
}

/** Hands an interrupted job back, due now; the run the runner stopped does not count as an attempt. */
export async function releaseJob(db: Database, job: ClaimedJob) {
  await db
    .update(jobs)
    .set({
      state: "pending",
      runAt: sql`now()`,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedUntil: null,
      leaseToken: null,
    })
    .where(claimed(job));
}

/** Deletes finished jobs: done ones after `doneDays`, failed ones (kept for an operator to look at) after `failedDays`. */
export async function pruneJobs(db: Database, { doneDays = 7, failedDays = 30 } = {}) {
  const olderThan = (days: number) => sql`now() - ${seconds(days * 86_400)}`;
  const done = await db
    .delete(jobs)
    .where(and(eq(jobs.state, "done"), lt(jobs.finishedAt, olderThan(doneDays))))
    .returning({ id: jobs.id });
  const failed = await db
    .delete(jobs)
    .where(and(eq(jobs.state, "failed"), lt(jobs.finishedAt, olderThan(failedDays))))
    .returning({ id: jobs.id });
  return { done: done.length, failed: failed.length };
}
