import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirectoryLock } from "./file-lock";
import { PgliteThreadClient, type ThreadLogger } from "./pglite-thread";
import { schema, type Schema } from "./schema";

/** The one database type every domain function takes: PGlite and PostgreSQL share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Rows of a raw `db.execute(sql…)`: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
/** Any fixed 64-bit number: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK_KEY = 7_301_202_611;

export type DatabaseTarget = { databaseUrl: string } | { dataDir: string } | { memory: true };

/** `logger` hears about the embedded database's thread stopping and coming back (pglite-thread.ts). */
export async function openDatabase(
  target: DatabaseTarget,
  options: { logger?: ThreadLogger } = {},
): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl);
  if ("memory" in target) return openPglite(undefined, options.logger);
  const dir = path.resolve(target.dataDir, "db");
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirectoryLock(dir);
  try {
    const handle = await openPglite(dir, options.logger);
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
  dir: string | undefined,
  logger: ThreadLogger | undefined,
): Promise<DatabaseHandle> {
  // The database runs on its own thread; Drizzle's PGlite driver only calls `query` and `transaction`.
  const client = await PgliteThreadClient.start({ dataDir: dir }, logger);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async migrate() {
      // One process owns an embedded database, so the advisory lock only matters for PostgreSQL.
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await client.query("select 1");
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
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
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
