// Backups: how long one takes and how big it is, how long a restore takes, and what a backup does to the pages
// the site serves meanwhile (docs/performance.md#backups).
//
//   npm run build && node --import tsx bench/backup.ts [--businesses 2000] [--plays 100000] [--rounds 3]
//
// Seeds the embedded database (businesses, stories, and plays of one kiosk), starts the built server on it, then
// alternates two runs of the same uncached page mix (autocannon): "idle", and "backing up" while
// `npm run cli -- backup` asks the server for archives one after another. The order flips every round. Then it
// restores the last archive into a fresh DATA_DIR and times that too.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../app/.server/infra/db/client";
import { kioskPlays, kiosks } from "../app/.server/infra/db/schema";
import { startServer, type ServerProcess } from "../tests/support/server-process";
import { pageMix, seedLoadData } from "./load-data";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    businesses: { type: "string", default: "2000" },
    stories: { type: "string", default: "200" },
    plays: { type: "string", default: "100000" },
  },
});

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-backup-bench-"));
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; seconds: number }>((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

async function drivePages(server: ServerProcess, paths: () => string) {
  const result = await autocannon({
    url: server.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { "Cache-Control": "no-cache" },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function seedPlays(dataDir: string, total: number) {
  const handle = await openDatabase({ dataDir });
  try {
    const [kiosk] = await handle.db
      .insert(kiosks)
      .values({ label: "Bench kiosk", timeZone: "America/Los_Angeles" })
      .returning({ id: kiosks.id });
    const start = Date.now() - total * 10_000;
    for (let offset = 0; offset < total; offset += 5000) {
      const rows = Array.from({ length: Math.min(5000, total - offset) }, (_, i) => {
        const at = start + (offset + i) * 10_000;
        return {
          id: crypto.randomUUID(),
          kioskId: kiosk!.id,
          adId: null,
          startedAt: new Date(at),
          endedAt: new Date(at + 8_000),
          completed: true,
        };
      });
      await handle.db.insert(kioskPlays).values(rows);
    }
  } finally {
    await handle.close();
  }
}

const dataDir = path.join(scratch, "data");
console.log(`seeding ${values.businesses} businesses, ${values.stories} stories, ${values.plays} plays…`);
const data = await seedLoadData(
  { dataDir },
  { businesses: Number(values.businesses), stories: Number(values.stories) },
);
await seedPlays(dataDir, Number(values.plays));
const server = await startServer(
  // Raw plays kept for ten years: every seeded play stays in the database (and the archive), the worst case.
  { DATA_DIR: dataDir, LOG_LEVEL: "error", BACKUP_EVERY_HOURS: "0", RESULTS_RAW_DAYS: "3650" },
  undefined,
  { readyMs: 300_000 },
);
const archive = path.join(scratch, "archive.tar.gz");
const backups: { seconds: number; bytes: number }[] = [];
const runs: { condition: string; p50: number; p99: number; requestsPerSecond: number; errors: number }[] = [];
try {
  const paths = pageMix(data);
  await drivePages(server, paths); // warm-up
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const condition of round % 2 ? ["idle", "backing up"] : ["backing up", "idle"]) {
      let backingUp = condition === "backing up";
      const loop = (async () => {
        while (backingUp) {
          const taken = await cli(["backup", "--out", archive], { DATA_DIR: dataDir });
          if (taken.code !== 0) throw new Error(taken.output);
          backups.push({ seconds: taken.seconds, bytes: fs.statSync(archive).size });
        }
      })();
      const run = await drivePages(server, paths);
      backingUp = false;
      await loop;
      runs.push({ condition, ...run });
      console.log(round, condition, run);
    }
  }
} finally {
  await server.stop();
}

const restoreDir = path.join(scratch, "restored");
const restored = await cli(["restore", archive], { DATA_DIR: restoreDir });
if (restored.code !== 0) throw new Error(restored.output);

console.log("\n| condition  | req/s, median | p50 ms, median | p99 ms, median (range) | errors |");
console.log("| ---------- | ------------- | -------------- | ---------------------- | ------ |");
for (const condition of ["idle", "backing up"]) {
  const mine = runs.filter((run) => run.condition === condition);
  const p99s = mine.map((run) => run.p99);
  console.log(
    `| ${condition} | ${median(mine.map((run) => run.requestsPerSecond))} | ${median(mine.map((run) => run.p50))} | ` +
      `${median(p99s)} (${Math.min(...p99s)}–${Math.max(...p99s)}) | ${mine.reduce((sum, run) => sum + run.errors, 0)} |`,
  );
}
const idleP99 = median(runs.filter((run) => run.condition === "idle").map((run) => run.p99));
const busyP99 = median(runs.filter((run) => run.condition === "backing up").map((run) => run.p99));
console.log(`\np99 backing up ÷ p99 idle: ${(busyP99 / idleP99).toFixed(2)}`);
console.log(
  `backups taken: ${backups.length}; each ${median(backups.map((b) => b.seconds)).toFixed(1)} s (CLI start ` +
    `included), ${(median(backups.map((b) => b.bytes)) / 1024 / 1024).toFixed(1)} MB`,
);
console.log(`restore into a fresh DATA_DIR: ${restored.seconds.toFixed(1)} s (CLI start included)`);
console.log(restored.output.trim());
fs.rmSync(scratch, { recursive: true, force: true });
