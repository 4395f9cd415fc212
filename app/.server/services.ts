import { sql } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import { describeAdminPromotion, promoteConfiguredAdmins } from "./accounts/configured-admins";
import { createAuth, type Auth } from "./auth/auth";
import { openConfiguredDatabase, openRelayedDatabase, type Database, type DatabaseHandle } from "./db/client";
import { startEmbeddedMaintenance, type Maintenance } from "./db/maintenance";
import { primaryChannel, serveRelay, type RelayChannel } from "./db/pglite-relay";
import { adminEmails, getEnv, type Env } from "./env";
import { logger } from "./logger";
import { createJobRunner, type JobRunner } from "./jobs";
import { createMailDelivery, MAIL_JOB } from "./mail/delivery";
import { createMailTransport } from "./mail/transport";
import { createMediaProcessing, MEDIA_JOB, mediaTools } from "./media-processing";
import { resolveAuthSecret } from "./secret";
import { seedDemoContent } from "./seed/seed-demo";
import { createStorage, type Storage } from "./storage";

export interface Services {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  storage: Storage;
  auth: Auth;
  /** Background work, mail delivery included (app/.server/jobs). */
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
  const jobs = createJobRunner({
    db: database.db,
    logger,
    handlers: {
      [MAIL_JOB]: createMailDelivery({ db: database.db, transport, from: env.MAIL_FROM, logger }),
      [MEDIA_JOB]: createMediaProcessing({ db: database.db, storage, tools: mediaTools(env), logger }),
    },
  });
  const auth = createAuth({
    db: database.db,
    env,
    secret: resolveAuthSecret(env),
    onEmailQueued: () => jobs.wake(MAIL_JOB),
  });
  return { env, database, db: database.db, storage, auth, jobs };
}

let running: Services | undefined;
let maintenance: Maintenance | undefined;

export interface StartOptions {
  /**
   * This process is a worker of the cluster (WEB_CONCURRENCY > 1; docs/decisions/008-server-processes.md): the
   * primary has migrated and seeded the database, runs its maintenance, and owns the embedded one, whose queries
   * go to the primary.
   */
  clusterWorker?: boolean;
}

/** Opens the configured database, migrates, seeds (when allowed) and starts the job runner. Idempotent. */
export async function startServices(
  env: Env = getEnv(),
  { clusterWorker = false }: StartOptions = {},
): Promise<Services> {
  if (running) return running;
  const database =
    clusterWorker && !env.DATABASE_URL
      ? openRelayedDatabase(primaryChannel())
      : await openConfiguredDatabase(env, { logger });
  try {
    const services = createServices(database, env);
    if (!clusterWorker) {
      await prepareDatabase(services);
      maintenance = startEmbeddedMaintenance(database, logger);
    }
    services.jobs.start();
    running = services;
    logger.info({ database: database.kind, storage: services.storage.kind }, "services started");
    return services;
  } catch (error) {
    await database.close();
    throw error;
  }
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
  if (database.kind === "pglite") {
    // PGlite runs no autovacuum, so nothing else would ever give its planner statistics (docs/performance.md).
    await database.db.execute(sql`analyze`);
  }
}

/**
 * The cluster's primary (WEB_CONCURRENCY > 1): prepares the database once before the workers start. It keeps the
 * embedded database open, with its maintenance, and answers the workers' queries (`serve`); PostgreSQL it closes,
 * since each worker has its own pool.
 */
export async function startPrimaryServices(env: Env = getEnv()) {
  const database = await openConfiguredDatabase(env, { logger });
  try {
    await prepareDatabase(createServices(database, env));
  } catch (error) {
    await database.close();
    throw error;
  }
  if (database.kind !== "pglite") {
    await database.close();
    return { serve: () => ({ close: async () => {} }), stop: async () => {} };
  }
  const primaryMaintenance = startEmbeddedMaintenance(database, logger);
  return {
    /** Answers one worker's queries until `close` (the worker has exited). */
    serve: (channel: RelayChannel) => serveRelay(database.client!, channel),
    async stop() {
      await primaryMaintenance.stop();
      await database.close();
    },
  };
}

/** Stops the job runner (jobs in hand are handed back) and closes the database (graceful shutdown). */
export async function stopServices() {
  const current = running;
  running = undefined;
  if (!current) return;
  await current.jobs.stop();
  await maintenance?.stop();
  maintenance = undefined;
  await current.database.close();
}
