import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../infra/db/client";
import { users } from "../infra/db/schema";
import { enqueueEmail } from "../infra/mail/outbox";
import { createBackup, type BackupSource } from "./backup";
import { formatBytes } from "./manifest";

/** What the schedule reads from the environment (app/.server/infra/config/env.ts). */
export interface BackupScheduleEnv {
  DATA_DIR: string;
  BACKUP_DIR?: string;
  BACKUP_EVERY_HOURS: number;
  BACKUP_KEEP: number;
  APP_URL: string;
}

const ARCHIVE_NAME = /^local-shine-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;
/** With no backup yet, the first is taken after this much uptime (or one interval, if shorter). */
const FIRST_AFTER_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export function backupDir(env: Pick<BackupScheduleEnv, "DATA_DIR" | "BACKUP_DIR">): string {
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"));
}

/** The archive's name for a moment: sortable, one per second. */
export function archiveName(at: Date): string {
  return `local-shine-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/** The scheduled archives in `dir`, newest first. */
async function listArchives(dir: string): Promise<{ name: string; file: string; at: Date; bytes: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const archives = [];
  for (const name of names.filter((entry) => ARCHIVE_NAME.test(entry))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info) archives.push({ name, file, at: info.mtime, bytes: info.size });
  }
  return archives.sort((a, b) => b.name.localeCompare(a.name));
}

/** The last failure, kept until a backup succeeds (this process only: the log keeps the history). */
let lastFailure: { at: Date; message: string } | null = null;
let scheduled = false;

export interface BackupStatus {
  /** Whether this server takes backups on a schedule (the embedded database, BACKUP_EVERY_HOURS above 0). */
  scheduled: boolean;
  last: { at: string; bytes: number } | null;
  failure: { at: string; message: string } | null;
  /** One line for the admin: "Last backup 3 h ago, 41 MB", or the failure. */
  summary: string;
}

/** For the admin's network page: the newest archive in BACKUP_DIR and the last failure, if any. */
export async function getBackupStatus(env: BackupScheduleEnv, now = new Date()): Promise<BackupStatus> {
  const [newest] = await listArchives(backupDir(env));
  const last = newest ? { at: newest.at.toISOString(), bytes: newest.bytes } : null;
  const failure = lastFailure ? { at: lastFailure.at.toISOString(), message: lastFailure.message } : null;
  let summary: string;
  if (failure) {
    summary = `The last backup failed ${ago(new Date(failure.at), now)}: ${failure.message}`;
    if (last) summary += ` The newest backup is from ${ago(new Date(last.at), now)}.`;
  } else if (last) {
    summary = `Last backup ${ago(new Date(last.at), now)}, ${formatBytes(last.bytes)}.`;
  } else {
    summary = scheduled
      ? "No backup yet: the first is taken within an hour of starting."
      : "No scheduled backups on this server (see docs/operations.md).";
  }
  return { scheduled, last, failure, summary };
}

function ago(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export interface BackupSchedule {
  /** Takes a backup now, as the schedule does (tests, and the first run). */
  runNow(): Promise<void>;
  /** Stops the schedule and waits for a backup in progress. */
  stop(): Promise<void>;
}

/**
 * Every BACKUP_EVERY_HOURS, the server backs up the embedded database it owns into BACKUP_DIR, keeping the newest
 * BACKUP_KEEP archives. Each archive is written beside its final name and renamed into place, so a name that
 * matches is always a whole archive. A failure is logged, emailed to every admin through the outbox and shown on
 * the network page until a backup succeeds; the site keeps serving, and the next attempt follows within an hour.
 */
export async function startScheduledBackups(options: {
  source: BackupSource;
  env: BackupScheduleEnv;
  logger: Pick<Logger, "info" | "error">;
  /** Called after an alert email is queued, so that it goes out at once (the job runner's wake). */
  onAlertQueued?: () => void;
}): Promise<BackupSchedule> {
  const { source, env, logger } = options;
  const everyMs = env.BACKUP_EVERY_HOURS * HOUR_MS;
  if (source.database.kind !== "pglite" || everyMs <= 0)
    return { runNow: async () => {}, stop: async () => {} };
  scheduled = true;
  const dir = backupDir(env);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void runNow(), Math.min(Math.max(delayMs, 0), 2 ** 31 - 1));
    timer.unref();
  };

  async function runOnce(): Promise<boolean> {
    const started = new Date();
    try {
      const result = await createBackup(source, { out: path.join(dir, archiveName(started)) });
      const archives = await listArchives(dir);
      for (const old of archives.slice(env.BACKUP_KEEP)) await rm(old.file, { force: true });
      lastFailure = null;
      logger.info(
        {
          file: result.file,
          bytes: result.bytes,
          ms: result.ms,
          kept: Math.min(archives.length, env.BACKUP_KEEP),
        },
        "scheduled backup written",
      );
      return true;
    } catch (error) {
      const message = (error as Error).message;
      lastFailure = { at: started, message };
      logger.error({ err: error, dir }, "scheduled backup failed; the site keeps serving");
      await alertAdmins(source.database.db, env, message).then(
        (queued) => queued > 0 && options.onAlertQueued?.(),
        (alertError: unknown) =>
          logger.error({ err: alertError }, "the backup failure alert could not be queued"),
      );
      return false;
    }
  }

  function runNow(): Promise<void> {
    running ??= runOnce()
      .then((ok) => schedule(ok ? everyMs : Math.min(everyMs, HOUR_MS)))
      .finally(() => (running = null));
    return running;
  }

  const [newest] = await listArchives(dir);
  schedule(newest ? newest.at.getTime() + everyMs - Date.now() : Math.min(everyMs, FIRST_AFTER_MS));
  return {
    runNow,
    async stop() {
      stopped = true;
      scheduled = false;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Emails every admin that a backup failed; answers how many emails were queued. */
async function alertAdmins(db: Database, env: BackupScheduleEnv, message: string): Promise<number> {
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  for (const admin of admins) {
    await enqueueEmail(db, {
      to: admin.email,
      subject: "Local Shine: a scheduled backup failed",
      text:
        `The scheduled backup into ${backupDir(env)} failed:\n\n${message}\n\n` +
        `The site keeps serving; the next attempt follows within an hour. Until a backup succeeds, the newest ` +
        `one is older than it should be. See ${env.APP_URL}/admin/network and docs/operations.md.`,
      reference: "backup:failed",
    });
  }
  return admins.length;
}
