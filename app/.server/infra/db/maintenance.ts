import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DatabaseHandle } from "./client";

/** How often the embedded database is vacuumed and analyzed while the server runs. */
export const EMBEDDED_MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface Maintenance {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * PGlite runs no autovacuum: without this, rows that sessions, rate limits and the mail outbox update and delete
 * all day stay as dead tuples, and the planner's statistics go stale as listings grow. Every `everyMs` it runs
 * `VACUUM ANALYZE` (on a database of this size a fraction of a second, during which other queries wait). A
 * failed run is logged and the next one tries again. PostgreSQL has autovacuum, so nothing runs there.
 */
export function startEmbeddedMaintenance(
  database: Pick<DatabaseHandle, "db" | "kind">,
  logger: Pick<Logger, "info" | "error">,
  everyMs = EMBEDDED_MAINTENANCE_EVERY_MS,
): Maintenance {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const run = async () => {
    const started = performance.now();
    try {
      await database.db.execute(sql`vacuum analyze`);
      logger.info({ ms: Math.round(performance.now() - started) }, "embedded database vacuumed and analyzed");
    } catch (error) {
      logger.error({ err: error }, "embedded database maintenance failed; it runs again later");
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
