import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
const E2E_DATA_DIR = path.resolve(`.tmp/e2e-data-${E2E_PORT}`);
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) =>
  fs.existsSync(candidate),
);

const MUTATING_SPECS = [
  /admin-stories\.spec\.ts/,
  /business-dashboard\.spec\.ts/,
  /proof-in-public\.spec\.ts/,
  /results\.spec\.ts/,
  /story-listing\.spec\.ts/,
];
const browserUse = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromium,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // Per-port output so parallel runs (other checkouts, benches) don't clear each other's artifacts.
  outputDir: `.tmp/pw-results-${E2E_PORT}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Bounds that only end a test that hangs: every step waits on an event (a toast, a URL, a row). A long journey
  // on a busy two-core machine (the server, two browsers and the suite's own work on two cores) can take minutes.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // DOM snapshots of a failed test, without the screencast (which every test would pay for).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // Specs that change public content run afterwards, so the specs that count demo content see it unchanged.
      testIgnore: MUTATING_SPECS,
      use: browserUse,
    },
    {
      name: "public-content-changes",
      testMatch: MUTATING_SPECS,
      dependencies: ["chromium"],
      use: browserUse,
    },
  ],
  webServer: {
    command: "node server/index.ts",
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: "true",
      ADMIN_EMAILS: "admin@e2e.localshine.test",
      TEAM_EMAIL: "team@e2e.localshine.test",
      LOG_LEVEL: "warn",
      // Fixture traffic sends X-Forwarded-For so it has rate-limit buckets of its own (tests/e2e/support).
      TRUST_PROXY: "1",
      // The results roll-up every 2 s instead of every 5 minutes, so the Results specs see their events promptly.
      RESULTS_ROLLUP_SECONDS: "2",
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
    },
  },
});
