import pg from "pg";
import { inject } from "vitest";
import { databasePrefix } from "./database-prefix";
import "./database-template";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "../../app/.server/infra/db/client";

export interface TestDatabase extends DatabaseHandle {
  /** Where a second handle (another instance) opens this same database; `{ memory: true }` cannot be shared. */
  target: DatabaseTarget;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set. Both start as a copy of the run's migrated template (database-template.ts); the
 * migrator then runs on the copy as on any database. Call `close()` in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate") ?? {};
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true, loadDump: template.pgliteDump });
    await handle.migrate();
    return { ...handle, target: { memory: true } };
  }
  const name = `${databasePrefix()}${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template.postgresTemplate
      ? `create database ${name} template ${template.postgresTemplate}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    target: { databaseUrl: url.toString() },
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
