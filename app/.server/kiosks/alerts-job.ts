import type { Logger } from "pino";
import { z } from "~/lib/zod";
import type { Database } from "../infra/db/client";
import { defineJob, enqueue, runnableJob, type RunnableJob } from "../infra/jobs";
import { checkScreenAlerts, type AlertSettings } from "./offline-alerts";

// The offline alerts' check (offline-alerts.ts) as a recurring job: once a minute, one run per minute across every
// instance (the minute is the dedupe key), each run queueing the next first so a failing run never ends the chain.

export const KIOSK_ALERTS_JOB = "kiosks.alerts";
const EVERY_MS = 60_000;

function queueCheck(db: Database, minute: number, runAt?: Date): Promise<string> {
  return enqueue(db, kioskAlertsJob, {}, { runAt, dedupeKey: `minute:${minute}` });
}

/** Queues this minute's check unless it is queued (at start-up, by every instance); nothing when alerts are off. */
export async function scheduleKioskAlerts(db: Database, thresholdMinutes: number, now = Date.now()) {
  if (thresholdMinutes > 0) await queueCheck(db, Math.floor(now / EVERY_MS));
}

interface AlertDeps {
  db: Database;
  logger: Pick<Logger, "info">;
  settings: AlertSettings;
  /** Called once emails were queued (the mail job's wake-up). */
  onEmailQueued(): void;
}

export const kioskAlertsJob = defineJob({
  kind: KIOSK_ALERTS_JOB,
  payload: z.object({}),
  maxAttempts: 3,
  leaseSeconds: 120,
  concurrency: 1,
  async run(_payload, _job, { db, logger, settings, onEmailQueued }: AlertDeps) {
    const next = (Math.floor(Date.now() / EVERY_MS) + 1) * EVERY_MS;
    await queueCheck(db, next / EVERY_MS, new Date(next));
    const check = await checkScreenAlerts(db, settings);
    if (check.emails) onEmailQueued();
    if (check.opened || check.back || check.dropped) logger.info(check, "kiosk offline alerts");
  },
});

/** The alerts' check with what it needs from the server, for the job runner. */
export function createKioskAlerts(deps: AlertDeps): RunnableJob {
  return runnableJob(kioskAlertsJob, deps);
}
