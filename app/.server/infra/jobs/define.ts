import type { z } from "zod";
import type { JobContext, JobOptions } from "./types";

// Typed jobs: each kind is defined once, next to the domain code it runs, with the schema of what it carries.
// `enqueue` takes the definition, so a payload of the wrong shape does not compile; a stored payload that still
// does not parse (written by hand, or by an older version) fails its job at once, naming why (lane.ts).

/** One kind of job: its name, its payload's schema, what a run does, and how the runner treats it. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType, Deps = void> extends JobOptions {
  /** The name in the `jobs` table: never rename a kind that may have jobs queued. */
  kind: string;
  /** What a job of this kind carries: enqueue takes its input type, run receives its parsed output. */
  payload: Schema;
  /**
   * Does one job. Must be safe to run again: a process can die after the work, before the record. `deps` are
   * what the kind needs from the running server (database, storage, mail transport), handed over where the
   * server builds its runner (app/.server/services.ts).
   */
  run(payload: z.output<Schema>, job: JobContext, deps: Deps): Promise<void>;
}

/** Defines a kind of job (the type parameters come from the schema and from `run`'s `deps` parameter). */
export function defineJob<Schema extends z.ZodType, Deps = void>(
  definition: JobDefinition<Schema, Deps>,
): JobDefinition<Schema, Deps> {
  return definition;
}

/** A kind a runner runs: a definition with its dependencies bound. */
export interface RunnableJob extends JobOptions {
  kind: string;
  payload: z.ZodType;
  /** Takes the payload once it has parsed. */
  run(payload: unknown, job: JobContext): Promise<void>;
}

/** A definition ready for the runner, with `deps` for its runs and any options the caller sets (undefined: the definition's). */
export function runnableJob<Schema extends z.ZodType, Deps>(
  definition: JobDefinition<Schema, Deps>,
  deps: Deps,
  overrides: Partial<JobOptions> = {},
): RunnableJob {
  const { run, ...rest } = definition;
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...rest, ...given, run: (payload, job) => run(payload as z.output<Schema>, job, deps) };
}
