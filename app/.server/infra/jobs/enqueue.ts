import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import type { JobDefinition } from "./define";

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * While a job of this kind with this key is pending or running, enqueueing another returns that job instead of
   * adding one (e.g. one processing job per media item).
   */
  dedupeKey?: string;
  /** Whose work this is, for a kind with `groupConcurrency` (media: the owner's id). */
  groupKey?: string;
  /** Long work, counted against the kind's `heavyConcurrency`. */
  heavy?: boolean;
}

/** What enqueue and cancel need of a job's definition: its kind and its payload's schema. */
export type JobKind<Schema extends z.ZodType = z.ZodType> = Pick<
  JobDefinition<Schema, never>,
  "kind" | "payload"
>;

/**
 * Adds a job of the kind `job` defines, with a payload of its schema's input type. Pass the transaction that wrote
 * whatever the job is about: the job then exists exactly when that does (a rolled-back write queues nothing, a
 * committed one is never lost). Call the runner's `wake(job.kind)` after the transaction commits for the job to
 * start promptly. Returns the job's id (the existing one when deduplicated).
 */
export async function enqueue<Schema extends z.ZodType>(
  db: Database,
  job: JobKind<Schema>,
  payload: z.input<Schema>,
  { runAt, dedupeKey, groupKey, heavy }: EnqueueOptions = {},
): Promise<string> {
  const { kind } = job;
  // Twice at most: a duplicate seen by the insert may finish before it is looked up, and then a new job is due.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db
      .insert(jobs)
      .values({ kind, payload: payload ?? {}, runAt, dedupeKey, groupKey, heavy })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    if (row) return row.id;
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.kind, kind), eq(jobs.dedupeKey, dedupeKey!), inArray(jobs.state, ["pending", "running"])),
      );
    if (existing) return existing.id;
  }
  throw new Error(`could not enqueue a ${kind} job with dedupe key ${dedupeKey}`);
}

/**
 * Cancels the unfinished jobs of `job`'s kind with `dedupeKey` (their subject is gone): the rows are deleted, so a
 * pending one never runs and a running one loses its claim. Pass the transaction that removes the subject, then
 * the runner's `cancel(ids)` once it commits to stop them at once here; other instances stop theirs at their next
 * lease check. Answers the cancelled jobs' ids.
 */
export async function cancelJobs(db: Database, { kind }: JobKind, dedupeKey: string): Promise<string[]> {
  const rows = await db
    .delete(jobs)
    .where(
      and(eq(jobs.kind, kind), eq(jobs.dedupeKey, dedupeKey), inArray(jobs.state, ["pending", "running"])),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}
