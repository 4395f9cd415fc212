// Runs the database-backed Vitest suites again on PostgreSQL (a throwaway database per test file)
// when TEST_DATABASE_URL is set or the local server answers; skips with a message otherwise (fails under CI).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  // On a developer's machine the pass is optional; under CI a missing PostgreSQL is a failure, never a quiet skip.
  if (process.env.CI) {
    console.error(`PostgreSQL not reachable at ${url} (${error.message}): CI needs it (.ci/run starts it).`);
    process.exit(1);
  }
  console.log(`PostgreSQL not reachable at ${url} (${error.message}); the PostgreSQL pass is skipped.`);
  process.exit(0);
}
console.log(`Running the database tests on PostgreSQL (${url})`);
// The pass re-runs the test files that open a test database (they then get PostgreSQL); files that never touch
// a database, and those that only ever use the embedded one (they open PGlite themselves), are not run twice.
const EMBEDDED_ONLY = new Set([
  "tests/integration/embedded-database.test.ts",
  "app/.server/infra/db/pglite-thread.test.ts",
  "app/.server/infra/db/maintenance.test.ts",
  "cli/commands.test.ts",
]);
const OPENS_TEST_DATABASE = /createTestServices|createTestDatabase|useServicesWithSmtp/;
const files = ["app", "server", "cli", "tests/integration"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true }).map((file) => path.join(dir, String(file))))
  .filter((file) => file.endsWith(".test.ts") && !EMBEDDED_ONLY.has(file))
  .filter((file) => OPENS_TEST_DATABASE.test(fs.readFileSync(file, "utf8")))
  .sort();
console.log(`${files.length} test files open a database`);
const result = spawnSync("vitest", ["run", ...files], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
