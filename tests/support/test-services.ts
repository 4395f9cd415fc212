import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../../app/.server/infra/db/client";
import { createTestDatabase } from "./test-database";
import { parseEnv } from "../../app/.server/infra/config/env";
import { createServices, type Services } from "../../app/.server/services";

/**
 * Real services for an integration test: a fresh migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), local storage and the dev mailbox in a temporary DATA_DIR. Close in afterAll.
 */
export async function createTestServices(
  overrides: Record<string, string> = {},
): Promise<Services & { dataDir: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-test-"));
  const database: DatabaseHandle = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:3999",
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const services = createServices(database, env);
  return {
    ...services,
    dataDir,
    async close() {
      await services.jobs.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
