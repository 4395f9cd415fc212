import os from "node:os";
import { defineConfig } from "vitest/config";
import { islands } from "./app/islands/vite-plugin.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Pages render in tests too: the root layout asks `virtual:islands` for its islands' URLs.
  plugins: [islands()],
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "cli/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // One migrated database that every test file's database starts as a copy of (tests/support/database-template.ts).
    globalSetup: ["tests/support/database-template.global.ts"],
    // The app's logger reads LOG_LEVEL when it loads; tests assert on behaviour, not on log lines.
    env: { LOG_LEVEL: "silent" },
    // Tests wait on events (a row, a log line, a process's answer), never on the clock; these bounds only end a test
    // that hangs. On a loaded two-core machine a new embedded database or a CLI process takes many times what it
    // takes on a quiet one, so the bounds are far above any honest wait.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: true,
    // Vitest leaves one core free, which on a two-core CI machine means one file at a time; the files wait on
    // database threads and I/O, so two at a time finish the suite ~20 % sooner there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
