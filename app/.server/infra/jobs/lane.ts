import type { Logger } from "pino";
import type { Database } from "../db/client";
import {
  claimJob,
  errorText,
  failJob,
  finishJob,
  releaseJob,
  renewLease,
  retryJob,
  type ClaimedJob,
} from "./store";
import { defaultBackoff, PermanentJobError, type JobHandler } from "./types";

export interface PassResult {
  done: number;
  failed: number;
}

/** One pass takes at most this many jobs, so a long queue still lets the loop notice a stop or a wake. */
const PASS_LIMIT = 100;

class Stopping extends Error {}
class LeaseLost extends Error {}

/** Runs the jobs of one kind, one at a time, so a slow kind (transcodes) never holds up another (mail). */
export function createLane(db: Database, kind: string, handler: JobHandler, log: Logger) {
  const maxAttempts = handler.maxAttempts ?? 8;
  const leaseSeconds = handler.leaseSeconds ?? 60;
  const backoff = handler.backoff ?? defaultBackoff;
  let stopping = false;
  let current: AbortController | undefined;

  async function execute(job: ClaimedJob): Promise<"done" | "failed" | "left"> {
    const fields = { jobId: job.id, kind, attempt: job.attempts };
    if (job.attempts > maxAttempts) {
      // Its last run never reported back (the process running it died): give up rather than loop forever.
      const error = `stopped before finishing, ${maxAttempts} times${job.lastError ? `; last error: ${job.lastError}` : ""}`;
      await failJob(db, job, errorText(error));
      log.error({ ...fields, error }, "job given up");
      return "failed";
    }
    const controller = new AbortController();
    current = controller;
    const renew = setInterval(
      () => {
        renewLease(db, job, leaseSeconds).then(
          (kept) => {
            if (!kept) controller.abort(new LeaseLost("the job's lease passed to another claim"));
          },
          // The database is unreachable: keep working; the next renewal may get through before the lease ends.
          (error: unknown) => log.warn({ ...fields, err: error }, "job lease not renewed"),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
    renew.unref();
    try {
      await handler.run(job.payload, {
        id: job.id,
        kind,
        attempt: job.attempts,
        maxAttempts,
        signal: controller.signal,
      });
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof LeaseLost) {
        log.warn(fields, "job stopped: its lease passed to another claim");
        return "left";
      }
      if (reason instanceof Stopping) {
        await releaseJob(db, job);
        log.info(fields, "job handed back: the runner is stopping");
        return "left";
      }
      const message = errorText(error);
      if (error instanceof PermanentJobError || job.attempts >= maxAttempts) {
        await failJob(db, job, message);
        log.error({ ...fields, error: message }, "job failed for good");
      } else {
        const delayMs = Math.max(0, backoff(job.attempts));
        await retryJob(db, job, delayMs, message);
        log.warn({ ...fields, error: message, retryInSeconds: delayMs / 1000 }, "job failed; will retry");
      }
      return "failed";
    } finally {
      clearInterval(renew);
      current = undefined;
    }
    if (!(await finishJob(db, job)))
      log.warn(fields, "job finished after its lease had passed to another claim");
    return "done";
  }

  /** Claims and runs due jobs until none is left; each job at most once per pass. */
  async function pass(): Promise<PassResult & { more: boolean }> {
    const seen: string[] = [];
    const result = { done: 0, failed: 0 };
    while (!stopping && seen.length < PASS_LIMIT) {
      const job = await claimJob(db, kind, { leaseSeconds, concurrency: handler.concurrency, exclude: seen });
      if (!job) break;
      seen.push(job.id);
      const outcome = await execute(job);
      if (outcome !== "left") result[outcome]++;
    }
    return { ...result, more: seen.length >= PASS_LIMIT };
  }

  return {
    kind,
    pass,
    /** Stops claiming and interrupts the job in hand, which is handed back to run again. */
    stop() {
      stopping = true;
      current?.abort(new Stopping("the job runner is stopping"));
    },
    resume() {
      stopping = false;
    },
  };
}

export type Lane = ReturnType<typeof createLane>;
