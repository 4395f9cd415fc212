import { defineConfig } from "vitest/config";

// Tests against the BUILT server (after `npm run build`). `npm run test:server` runs two suites side by side
// (scripts/run-parallel.mjs):
// - tests/security: attacks and fuzzing. Each file starts its own server on its own embedded database, so files
//   run in parallel.
// - tests/faults and tests/server: fault and multi-instance tests, and the dev server, one file at a time
//   (--no-file-parallelism). They stop PostgreSQL and kill processes, and nothing else in this phase uses
//   PostgreSQL.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/security/**/*.test.ts", "tests/faults/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    // Bounds for hangs only (tests wait on events): a built server starting on a loaded two-core machine can take
    // minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
