import { sql } from "drizzle-orm";
import { isLoopbackUrl, loopbackAppUrlWarning } from "./infra/config/app-url";
import { createContext, type RouterContextProvider } from "react-router";
import { describeAdminPromotion, promoteConfiguredAdmins } from "./accounts/configured-admins";
import { createAuth, type Auth } from "./auth/auth";
import { openConfiguredDatabase, type Database, type DatabaseHandle } from "./infra/db/client";
import { startEmbeddedMaintenance, type Maintenance } from "./infra/db/maintenance";
import { adminEmails, getEnv, kioskAlertEmails, type Env } from "./infra/config/env";
import { createBackup } from "./backup/backup";
import { startControlChannel, type ControlChannel } from "./backup/control-socket";
import { startScheduledBackups, type BackupSchedule } from "./backup/schedule";
import { logger } from "./infra/logging/logger";
import { createJobRunner, type JobRunner } from "./infra/jobs";
import { createMailDelivery, MAIL_JOB } from "./infra/mail/delivery";
import { createMailTransport } from "./infra/mail/transport";
import { createMediaProcessing, mediaTools } from "./media-processing";
import { resolveAuthSecret } from "./infra/config/secret";
import { createRateLimitPruning, scheduleRateLimitPruning } from "./infra/rate-limit";
import { createKioskAlerts, scheduleKioskAlerts } from "./kiosks/alerts-job";
import { createResultsRollup, scheduleResultsRollup } from "./results/rollup";
import { createWeeklyReports, scheduleWeeklyReports } from "./reports/weekly-reports";
import { seedDemoContent } from "./seed/seed-demo";
import { createStorage, type Storage } from "./infra/storage";

export interface Services {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  storage: Storage;
  auth: Auth;
  /** Background work, mail delivery included (app/.server/infra/jobs). */
  jobs: JobRunner;
}

const contextKey = Symbol.for("local-shine.services-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<Services>>>;
/** Handed to every loader and action through the router context (server/app.ts getLoadContext). */
export const servicesContext = (holder[contextKey] ??= createContext<Services>());

export function getServicesFrom(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/**
 * Builds the services on an open, migrated database: storage, the job runner (mail, media processing; not yet
 * started), auth.
 * Used by the server and by integration tests (with a test database and a temporary DATA_DIR).
 */
export function createServices(database: DatabaseHandle, env: Env): Services {
  const storage = createStorage(env);
  const transport = createMailTransport({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    logger,
    logLinks: env.NODE_ENV !== "production",
  });
  const secret = resolveAuthSecret(env);
  // Every kind of background work this server runs: each defined next to its domain code (defineJob), given here
  // what it needs from the server.
  const jobs = createJobRunner({
    db: database.db,
    logger,
    jobs: [
      createMailDelivery({ db: database.db, transport, from: env.MAIL_FROM, logger }),
      createMediaProcessing({ db: database.db, storage, tools: mediaTools(env), logger }),
      createResultsRollup({
        db: database.db,
        logger,
        schedule: {
          timeZone: env.SITE_TIMEZONE,
          rawDays: env.RESULTS_RAW_DAYS,
          everySeconds: env.RESULTS_ROLLUP_SECONDS,
        },
      }),
      createRateLimitPruning({ db: database.db, logger }),
      createKioskAlerts({
        db: database.db,
        logger,
        settings: {
          thresholdMinutes: env.KIOSK_ALERT_MINUTES,
          recipients: kioskAlertEmails(env),
          appUrl: env.APP_URL,
          timeZone: env.SITE_TIMEZONE,
        },
        onEmailQueued: () => jobs.wake(MAIL_JOB),
      }),
      createWeeklyReports({
        db: database.db,
        logger,
        settings: { timeZone: env.SITE_TIMEZONE, appUrl: env.APP_URL, secret },
        onEmailQueued: () => jobs.wake(MAIL_JOB),
      }),
    ],
  });
  const auth = createAuth({
    db: database.db,
    env,
    secret,
    onEmailQueued: () => jobs.wake(MAIL_JOB),
  });
  return { env, database, db: database.db, storage, auth, jobs };
}

let running: Services | undefined;
let maintenance: Maintenance | undefined;
let backups: { schedule: BackupSchedule; channel: ControlChannel } | undefined;

/**
 * Opens the configured database, migrates, seeds (when allowed) and starts the job runner. Idempotent.
 * Several processes on one PostgreSQL database may each do this at once (docs/deployment.md).
 */
export async function startServices(env: Env = getEnv()): Promise<Services> {
  if (running) return running;
  const database = await openConfiguredDatabase(env, { logger });
  try {
    const services = createServices(database, env);
    await prepareDatabase(services);
    maintenance = startEmbeddedMaintenance(database, logger);
    backups = await startBackups(services);
    services.jobs.start();
    running = services;
    logger.info({ database: database.kind, storage: services.storage.kind }, "services started");
    if (isLoopbackUrl(env.APP_URL)) logger.warn({ appUrl: env.APP_URL }, loopbackAppUrlWarning(env.APP_URL));
    return services;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The embedded database belongs to this process, so this process backs it up: on a schedule, and when
 * `npm run cli -- backup` asks through DATA_DIR's control socket (docs/decisions/081-the-server-snapshots-its-own-database.md).
 */
async function startBackups(services: Services) {
  const { database, storage, env } = services;
  const source = { database, storage, dataDir: env.DATA_DIR };
  const schedule = await startScheduledBackups({
    source,
    env,
    logger,
    onAlertQueued: () => services.jobs.wake(MAIL_JOB),
  });
  const channel =
    database.kind === "pglite"
      ? await startControlChannel(
          env.DATA_DIR,
          (request) => createBackup(source, { out: request.out, files: request.files }),
          logger,
        )
      : { close: async () => {} };
  return { schedule, channel };
}

/** Once per start, before any request: migrations, configured admins, demo content, planner statistics. */
async function prepareDatabase(services: Services) {
  const { database, env } = services;
  await database.migrate();
  const admins = await promoteConfiguredAdmins(database.db, adminEmails(env));
  if (admins) logger.info(admins, describeAdminPromotion(admins));
  // It logs what it loaded (or why it skipped) itself.
  if (env.SEED_DEMO) {
    await seedDemoContent({
      db: database.db,
      storage: services.storage,
      logger,
      timeZone: env.SITE_TIMEZONE,
    });
  }
  // The results roll-up queues its own next run; this starts the chain (once per period across instances).
  await scheduleResultsRollup(database.db, env.RESULTS_ROLLUP_SECONDS);
  // The weekly reports queue next week's send themselves; this starts the chain (one job per week across instances).
  await scheduleWeeklyReports(database.db, env.SITE_TIMEZONE);
  // Rate-limit counters long past their windows are deleted hourly, by a job that queues its own next run too.
  await scheduleRateLimitPruning(database.db);
  // Screens quiet during opening hours are checked every minute, by a job that queues its own next run as well.
  await scheduleKioskAlerts(database.db, env.KIOSK_ALERT_MINUTES);
  if (database.kind === "pglite") {
    // PGlite runs no autovacuum, so nothing else would ever give its planner statistics (docs/performance.md).
    await database.db.execute(sql`analyze`);
  }
}

/**
 * Stops the job runner (jobs in hand are handed back) and closes the database (graceful shutdown). `onStep` hears
 * each step as it starts, so a stop that hangs can say what it was waiting for.
 */
export async function stopServices(onStep: (step: string) => void = () => {}) {
  const current = running;
  running = undefined;
  if (!current) return;
  onStep("the backup channel and schedule");
  await backups?.channel.close();
  await backups?.schedule.stop();
  backups = undefined;
  const inHand = current.jobs.inHand();
  onStep(inHand.length > 0 ? `the jobs in hand (${inHand.join(", ")})` : "the job runner");
  await current.jobs.stop();
  onStep("the database maintenance");
  await maintenance?.stop();
  maintenance = undefined;
  onStep("the database");
  await current.database.close();
}
