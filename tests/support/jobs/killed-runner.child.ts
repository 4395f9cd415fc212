// A job runner in a process of its own, for killed-runner.test.ts to kill with SIGKILL mid-job. It opens the
// database that JOB_TEST_TARGET names (JSON), runs `victim` jobs with a lease of JOB_TEST_LEASE seconds, records
// each start in JOB_TEST_LOG, says "started" on stdout, and never finishes.
import fs from "node:fs";
import pino from "pino";
import { openDatabase, type DatabaseTarget } from "../../../app/.server/infra/db/client";
import { createJobRunner } from "../../../app/.server/infra/jobs/runner";
import { testJobs } from "./test-helpers";

const target = JSON.parse(process.env.JOB_TEST_TARGET!) as DatabaseTarget;
const logFile = process.env.JOB_TEST_LOG!;
const handle = await openDatabase(target);
const runner = createJobRunner({
  db: handle.db,
  logger: pino({ level: "silent" }),
  intervalMs: 50,
  jobs: testJobs({
    victim: {
      leaseSeconds: Number(process.env.JOB_TEST_LEASE),
      run: async (_payload, job) => {
        fs.appendFileSync(logFile, `start ${job.id} ${process.pid}\n`);
        process.stdout.write("started\n");
        await new Promise(() => {});
      },
    },
  }),
});
runner.start();
// The runner's timers do not keep a process alive (a server does); this one must live until it is killed.
setInterval(() => {}, 60_000);
