import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { acquireDirectoryLock } from "./file-lock";
import { PgliteThreadClient, type ThreadLogger } from "./pglite-thread";
import type { PgliteThreadOptions } from "./pglite-worker";
import { schema, type Schema } from "./schema";

/** The one database type every domain function takes: PGlite and PostgreSQL share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations in `migrationsFolder` (the app's own by default) that the database lacks. */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * One transaction with COPY, the engine's own bulk format (backups and restores, app/.server/backup):
   * `snapshot` is REPEATABLE READ and read-only, `load` writes and commits only if `work` succeeds.
   */
  copySession<T>(mode: "snapshot" | "load", work: (session: CopySession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The embedded database only: writes all of it to `file`, which `{ memory: true, loadDump }` starts from. */
  dump?(file: string): Promise<void>;
  close(): Promise<void>;
}

/** A transaction that can also COPY a table's rows, in PostgreSQL's text format, to and from a file. */
export interface CopySession {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Writes the rows of `table` (a quoted name) to `file`, which must not exist yet: `columns` quoted, in order. */
  copyOut(table: string, columns: string[], file: string): Promise<void>;
  /** Adds the rows in `file` (as copyOut wrote them) to `table`. */
  copyIn(table: string, columns: string[], file: string): Promise<void>;
}

/** Rows of a raw `db.execute(sql…)`: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
/** Any fixed 64-bit number: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK_KEY = 7_301_202_611;

/** `loadDump`: an in-memory database that starts as a copy of one PGlite dumped (pglite-worker.ts). */
export type DatabaseTarget =
  { databaseUrl: string } | { dataDir: string } | { memory: true; loadDump?: string };

/** `logger` hears about the embedded database's thread stopping and coming back (pglite-thread.ts). */
export async function openDatabase(
  target: DatabaseTarget,
  options: { logger?: ThreadLogger } = {},
): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl);
  if ("memory" in target)
    return openPglite({ dataDir: undefined, loadDump: target.loadDump }, options.logger);
  const dir = path.resolve(target.dataDir, "db");
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirectoryLock(dir);
  try {
    const handle = await openPglite({ dataDir: dir }, options.logger);
    return {
      ...handle,
      async close() {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(
  options: PgliteThreadOptions,
  logger: ThreadLogger | undefined,
): Promise<DatabaseHandle> {
  // The database runs on its own thread; Drizzle's PGlite driver only calls `query` and `transaction`.
  const client = await PgliteThreadClient.start(options, logger);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      // One process owns an embedded database, so the advisory lock only matters for PostgreSQL.
      await migratePglite(db as never, { migrationsFolder });
    },
    copySession(mode, work) {
      // PGlite serves one session: while this transaction is open, the app's queries wait for it.
      return client.transaction(async (tx) => {
        if (mode === "snapshot") await tx.query("set transaction isolation level repeatable read, read only");
        return work({
          query: async <T>(text: string, params?: unknown[]) => (await tx.query(text, params)).rows as T[],
          async copyOut(table, columns, file) {
            await tx.copyOut(`copy ${table} (${columns.join(", ")}) to '/dev/blob'`, file);
          },
          async copyIn(table, columns, file) {
            await tx.copyIn(`copy ${table} (${columns.join(", ")}) from '/dev/blob'`, file);
          },
        });
      });
    },
    async ping() {
      await client.query("select 1");
    },
    async dump(file) {
      await client.dump(file);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server (a restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "postgres",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async copySession(mode, work) {
      const client = await pool.connect();
      try {
        await client.query(
          mode === "snapshot" ? "begin isolation level repeatable read, read only" : "begin",
        );
        try {
          const result = await work({
            query: async <T>(text: string, params?: unknown[]) =>
              (await client.query(text, params)).rows as T[],
            async copyOut(table, columns, file) {
              const rows = client.query(copyTo(`copy ${table} (${columns.join(", ")}) to stdout`));
              await pipeline(rows, fs.createWriteStream(file, { flags: "wx" }));
            },
            async copyIn(table, columns, file) {
              const sink = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
              await pipeline(fs.createReadStream(file), sink);
            },
          });
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Opens the database the environment names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/db. */
export function openConfiguredDatabase(
  env: { DATABASE_URL?: string; DATA_DIR: string },
  options: { logger?: ThreadLogger } = {},
) {
  return openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    options,
  );
}
