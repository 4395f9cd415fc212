import { defineConfig } from "vitest/config";

// Tests against the BUILT server (after `npm run build`), one file at a time: the security suite (attacks,
// fuzzing) and the fault and multi-instance tests (they start servers, stop PostgreSQL and kill processes).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/security/**/*.test.ts", "tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
