/** What a job's run learns about itself. */
export interface JobContext {
  id: string;
  kind: string;
  /** This run's number, 1 for the first; equal to `maxAttempts` on the last try. */
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when the runner stops (the job is handed back, to run again later), when the job's lease was lost to
   * another claim, or when the job was cancelled. Long work (a transcode) should stop when it fires.
   */
  signal: AbortSignal;
}

/** How the runner treats one kind of job: retries, leases and caps. Every field has a default. */
export interface JobOptions {
  /** Runs after which a failing job is given up on (state `failed`, its last error kept). Default 8. */
  maxAttempts?: number;
  /** How long a claim lasts without renewal. The runner renews it every third of this while the job runs. Default 60 s. */
  leaseSeconds?: number;
  /** Delay before the next run after the `attempt`-th failure. Default 2^attempt s, at most 15 minutes. */
  backoff?: (attempt: number) => number;
  /** At most this many jobs of this kind run at once across every instance (default: no limit beyond one per runner). */
  concurrency?: number;
  /**
   * At most this many jobs of one group (`groupKey` at enqueue) run at once across every instance, and due jobs are
   * taken each group in turn (every group's first before any group's second), so one group's backlog never delays
   * another group's work. Needs `concurrency`.
   */
  groupConcurrency?: number;
  /** At most this many heavy jobs (`heavy` at enqueue) run at once across every instance. Needs `concurrency`. */
  heavyConcurrency?: number;
  /** How many jobs of this kind one runner runs side by side (default 1). */
  lanes?: number;
  /**
   * How often, in seconds, a running job's claim is renewed and checked (default a third of the lease). A job whose
   * row was cancelled (`cancelJobs`) is stopped at the next check on any instance.
   */
  renewSeconds?: number;
}

/** Thrown by a run when trying again cannot help (the same input would fail the same way): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

export const defaultBackoff = (attempt: number) => Math.min(2 ** attempt * 1000, 15 * 60_000);
