import { defineConfig } from "vitest/config";

// Fault and multi-instance tests run against the BUILT server (after `npm run build`), one file at a time:
// they start servers, stop PostgreSQL and kill processes.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
