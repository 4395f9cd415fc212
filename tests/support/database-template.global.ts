import type { TestProject } from "vitest/node";
import { preparePgliteDump, preparePostgresTemplate } from "./database-template";

/** Vitest's global set-up: builds the migrated template the test files' databases start from (database-template.ts). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide(
    "databaseTemplate",
    serverUrl
      ? { postgresTemplate: await preparePostgresTemplate(serverUrl) }
      : { pgliteDump: await preparePgliteDump() },
  );
}
