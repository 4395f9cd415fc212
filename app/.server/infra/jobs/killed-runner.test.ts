import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "../db/client";
import { jobs } from "../db/schema";
import { createTestDatabase } from "../../../../tests/support/test-database";
import { createJobRunner } from ".";
import { enqueueAny, testJobs } from "../../../../tests/support/jobs/test-helpers";

const LEASE_SECONDS = 15;
const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ls-killed-runner-"));
const logFile = path.join(scratch, "runs.log");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database both processes open: PostgreSQL (TEST_DATABASE_URL), or an embedded one on disk, which one
 * process at a time owns (the child takes it over once this process lets go).
 */
async function sharedDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return { target: database.target, first: database as DatabaseHandle, cleanup: () => database.close() };
  }
  const target: DatabaseTarget = { dataDir: path.join(scratch, "data") };
  const first = await openDatabase(target);
  await first.migrate();
  return { target, first, cleanup: async () => {} };
}

/** Starts the child runner and resolves once its handler is running the job. */
function startChild(target: DatabaseTarget) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(here, "../../../../tests/support/jobs/killed-runner.child.ts")],
    {
      env: {
        ...process.env,
        JOB_TEST_TARGET: JSON.stringify(target),
        JOB_TEST_LOG: logFile,
        JOB_TEST_LEASE: String(LEASE_SECONDS),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  const started = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("started")) resolve();
    });
    void exited.then(() => reject(new Error("the child runner exited before starting the job")));
  });
  return { child, started, exited };
}

describe("a job runner killed mid-job", () => {
  let cleanup = async () => {};
  afterAll(async () => {
    await cleanup();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    "leaves the job to run again once its lease ends, and the job finishes once",
    { timeout: 180_000 },
    async () => {
      const shared = await sharedDatabase();
      cleanup = shared.cleanup;
      const id = await enqueueAny(shared.first.db, "victim", {});
      // The embedded database has one owner at a time: the child opens it next.
      if ("dataDir" in shared.target) await shared.first.close();

      const { child, started, exited } = startChild(shared.target);
      await started;
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");

      // The restarted instance.
      const restarted = "dataDir" in shared.target ? await openDatabase(shared.target) : shared.first;
      try {
        const [claimed] = await restarted.db.select().from(jobs).where(eq(jobs.id, id));
        expect(claimed).toMatchObject({ state: "running", attempts: 1 });
        const finished: string[] = [];
        const runner = createJobRunner({
          db: restarted.db,
          logger: pino({ level: "silent" }),
          jobs: testJobs({
            victim: {
              leaseSeconds: LEASE_SECONDS,
              run: async (_payload, job) => {
                fs.appendFileSync(logFile, `start ${job.id} ${process.pid}\n`);
                finished.push(job.id);
              },
            },
          }),
        });
        // Not while the dead process's lease lasts…
        expect(await runner.runOnce()).toEqual({ done: 0, failed: 0 });
        // …and once it has run out, exactly once.
        const deadline = Date.now() + (LEASE_SECONDS + 30) * 1000;
        while (finished.length === 0 && Date.now() < deadline) {
          await runner.runOnce();
          if (finished.length === 0) await sleep(250);
        }
        for (let i = 0; i < 3; i++) expect(await runner.runOnce()).toEqual({ done: 0, failed: 0 });

        expect(finished).toEqual([id]);
        const [done] = await restarted.db.select().from(jobs).where(eq(jobs.id, id));
        expect(done).toMatchObject({ state: "done", attempts: 2, leaseToken: null });
        const starts = fs.readFileSync(logFile, "utf8").trim().split("\n");
        expect(starts).toEqual([`start ${id} ${child.pid}`, `start ${id} ${process.pid}`]);
      } finally {
        if (restarted !== shared.first) await restarted.close();
      }
    },
  );
});
