import type { Logger } from "pino";
import { z } from "~/lib/zod";
import type { Database } from "../db/client";
import type { RunnableJob } from "./define";
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
import { defaultBackoff, PermanentJobError } from "./types";

export interface PassResult {
  done: number;
  failed: number;
}

/** One pass takes at most this many jobs, so a long queue still lets the loop notice a stop or a wake. */
const PASS_LIMIT = 100;

class Stopping extends Error {}
class LeaseLost extends Error {}
class Cancelled extends Error {}

/**
 * Runs jobs of one kind, one at a time, so a slow kind (transcodes) never holds up another (mail). A kind with
 * `lanes` has that many in each runner, side by side.
 */
export function createLane(db: Database, handler: RunnableJob, log: Logger) {
  const { kind } = handler;
  const maxAttempts = handler.maxAttempts ?? 8;
  const leaseSeconds = handler.leaseSeconds ?? 60;
  const renewMs = (handler.renewSeconds ?? leaseSeconds / 3) * 1000;
  const backoff = handler.backoff ?? defaultBackoff;
  const caps = {
    concurrency: handler.concurrency,
    groupConcurrency: handler.groupConcurrency,
    heavyConcurrency: handler.heavyConcurrency,
  };
  let stopping = false;
  let current: { id: string; controller: AbortController } | undefined;

  async function execute(job: ClaimedJob): Promise<"done" | "failed" | "left"> {
    const fields = { jobId: job.id, kind, attempt: job.attempts };
    if (job.attempts > maxAttempts) {
      // Its last run never reported back (the process running it died): give up rather than loop forever.
      const error = `stopped before finishing, ${maxAttempts} times${job.lastError ? `; last error: ${job.lastError}` : ""}`;
      await failJob(db, job, errorText(error));
      log.error({ ...fields, error }, "job given up");
      return "failed";
    }
    const payload = handler.payload.safeParse(job.payload);
    if (!payload.success) {
      // Running it again would read the same payload: fail it now, saying what does not fit.
      const error = `malformed payload: ${z.prettifyError(payload.error)}`;
      await failJob(db, job, errorText(error));
      log.error({ ...fields, error }, "job failed for good");
      return "failed";
    }
    const controller = new AbortController();
    current = { id: job.id, controller };
    const renew = setInterval(() => {
      renewLease(db, job, leaseSeconds).then(
        (kept) => {
          // Taken by another claim after the lease ran out, or cancelled (its row deleted) on any instance.
          if (!kept) controller.abort(new LeaseLost("the job's claim is gone"));
        },
        // The database is unreachable: keep working; the next renewal may get through before the lease ends.
        (error: unknown) => log.warn({ ...fields, err: error }, "job lease not renewed"),
      );
    }, renewMs);
    renew.unref();
    try {
      await handler.run(payload.data, {
        id: job.id,
        kind,
        attempt: job.attempts,
        maxAttempts,
        signal: controller.signal,
      });
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof LeaseLost) {
        log.warn(fields, "job stopped: its claim is gone (cancelled, or taken after its lease ran out)");
        return "left";
      }
      if (reason instanceof Cancelled) {
        log.info(fields, "job stopped: it was cancelled");
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
      const job = await claimJob(db, kind, { leaseSeconds, exclude: seen, ...caps });
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
      current?.controller.abort(new Stopping("the job runner is stopping"));
    },
    /** Stops the job in hand if it is one of `ids` (cancelled: its row is gone, nothing is written back). */
    cancel(ids: ReadonlySet<string>) {
      if (current && ids.has(current.id)) current.controller.abort(new Cancelled("the job was cancelled"));
    },
    resume() {
      stopping = false;
    },
    /** The id of the job this lane is running now, if any. */
    inHand(): string | undefined {
      return current?.id;
    },
  };
}

export type Lane = ReturnType<typeof createLane>;
