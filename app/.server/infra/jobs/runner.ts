import type { Logger } from "pino";
import type { Database } from "../db/client";
import { createLane, type Lane, type PassResult } from "./lane";
import { pruneJobs } from "./store";
import type { RunnableJob } from "./define";

export interface JobRunnerOptions {
  db: Database;
  logger: Logger;
  /** The kinds this runner runs (each kind once). Jobs of other kinds wait for a runner that knows them. */
  jobs: readonly RunnableJob[];
  /** How often each kind is polled when nobody calls `wake()`. */
  intervalMs?: number;
}

export interface JobRunner {
  /** Starts polling every kind (first run right away), and pruning old finished jobs hourly. */
  start(): void;
  /** Stops polling, interrupts the jobs in hand (they are handed back) and waits for them. */
  stop(): Promise<void>;
  /** Runs every due job once, kind by kind (and lane by lane) side by side; passes of one lane never overlap. */
  runOnce(): Promise<PassResult>;
  /** Asks for a pass now (after a job was enqueued) instead of at the next poll; one kind or all. */
  wake(kind?: string): void;
  /** Stops at once the jobs among `ids` this runner is running, after `cancelJobs` removed them. */
  cancel(ids: readonly string[]): void;
  /** The jobs being run right now, as `kind:id` (what a stop is waiting for). */
  inHand(): string[];
}

const PRUNE_EVERY_MS = 60 * 60_000;

/** A lane's poll loop: the same tick/wake/stop cycle for every kind. */
function loop(lane: Lane, intervalMs: number, log: Logger) {
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticking: Promise<void> | undefined;
  let rerun = false;
  /** Every pass (loop or direct) chains here, so one kind's passes never overlap. */
  let chain: Promise<unknown> = Promise.resolve();

  function serialized() {
    const run = chain.then(lane.pass);
    chain = run.catch(() => {});
    return run;
  }

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // The server keeps the process alive; the job loop alone must not (CLI commands, tests).
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (ticking) {
      rerun = true;
      return;
    }
    ticking = (async () => {
      let again = false;
      try {
        again = (await serialized()).more;
      } catch (error) {
        // A dead database or the like: log and try again at the next poll; never throw out of a timer.
        log.error({ err: error, kind: lane.kind }, "job pass failed");
      }
      ticking = undefined;
      again ||= rerun;
      rerun = false;
      schedule(again ? 0 : intervalMs);
    })();
  }

  return {
    cancel: lane.cancel,
    kind: lane.kind,
    inHand: lane.inHand,
    start() {
      if (started) return;
      started = true;
      lane.resume();
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      lane.stop();
      try {
        await ticking;
        await chain;
      } finally {
        lane.resume();
      }
    },
    async runOnce() {
      const { done, failed } = await serialized();
      return { done, failed };
    },
    wake() {
      if (!started) return;
      if (ticking) rerun = true;
      else schedule(0);
    },
  };
}

export function createJobRunner({ db, logger, jobs, intervalMs = 2000 }: JobRunnerOptions): JobRunner {
  const log = logger.child({ component: "jobs" });
  const loops = new Map<string, ReturnType<typeof loop>[]>();
  for (const job of jobs) {
    if (loops.has(job.kind)) throw new Error(`the job kind ${job.kind} is registered twice`);
    loops.set(
      job.kind,
      Array.from({ length: Math.max(1, job.lanes ?? 1) }, () =>
        loop(createLane(db, job, log), intervalMs, log),
      ),
    );
  }
  const every = () => [...loops.values()].flat();
  let pruner: ReturnType<typeof setInterval> | undefined;
  const prune = () =>
    pruneJobs(db).then(
      (removed) => {
        if (removed.done + removed.failed > 0) log.info(removed, "old finished jobs deleted");
      },
      (error: unknown) => log.error({ err: error }, "pruning finished jobs failed"),
    );

  return {
    start() {
      if (pruner) return;
      for (const each of every()) each.start();
      void prune();
      pruner = setInterval(prune, PRUNE_EVERY_MS);
      pruner.unref();
    },
    async stop() {
      clearInterval(pruner);
      pruner = undefined;
      await Promise.all(every().map((each) => each.stop()));
    },
    async runOnce() {
      const results = await Promise.all(every().map((each) => each.runOnce()));
      return results.reduce(
        (sum, each) => ({ done: sum.done + each.done, failed: sum.failed + each.failed }),
        {
          done: 0,
          failed: 0,
        },
      );
    },
    wake(kind) {
      for (const each of kind === undefined ? every() : (loops.get(kind) ?? [])) each.wake();
    },
    cancel(ids) {
      const cancelled = new Set(ids);
      for (const each of every()) each.cancel(cancelled);
    },
    inHand() {
      return every().flatMap((each) => {
        const id = each.inHand();
        return id ? [`${each.kind}:${id}`] : [];
      });
    },
  };
}
