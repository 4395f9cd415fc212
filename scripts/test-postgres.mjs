// Runs the database-backed Vitest suites again on PostgreSQL (a throwaway database per test file)
// when TEST_DATABASE_URL is set or the local server answers; skips with a message otherwise.
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.log(`PostgreSQL not reachable at ${url} (${error.message}); the PostgreSQL pass is skipped.`);
  process.exit(0);
}
console.log(`Running the database tests on PostgreSQL (${url})`);
// Files that only ever use the embedded database (they open PGlite themselves) are not run twice.
const EMBEDDED_ONLY = [
  "tests/integration/embedded-database.test.ts",
  "app/.server/db/pglite-thread.test.ts",
  "app/.server/db/maintenance.test.ts",
  "cli/commands.test.ts",
];
const result = spawnSync("vitest", ["run", ...EMBEDDED_ONLY.flatMap((file) => ["--exclude", file])], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
