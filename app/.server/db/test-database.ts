import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "./client";

export interface TestDatabase extends DatabaseHandle {
  /** Where another process (or a second handle) opens this same database; `{ memory: true }` cannot be shared. */
  target: DatabaseTarget;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory (in a temporary directory with `onDisk`, so a
 * child process can open it once this handle is closed), or a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set. Call `close()` in afterAll; it removes the database.
 */
export async function createTestDatabase({ onDisk = false } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!onDisk) {
      const handle = await openDatabase({ memory: true });
      await handle.migrate();
      return { ...handle, target: { memory: true } };
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ls-test-db-"));
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    return {
      ...handle,
      target: { dataDir },
      async close() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `ls_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
