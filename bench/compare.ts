// Side-by-side load bench: the load bench's page mix (bench/load-data.ts) against two or more built checkouts at
// once, in alternating short runs, so every server sees the same minutes of a shared, noisy machine. Each gets
// its own copy of one seeded embedded database (or all share one PostgreSQL database with --postgres).
// Reports, per checkout, the median and range over the rounds of req/s, p99 and CPU per request (the server's
// main thread, and all its threads; read from /proc, so Linux only), uncached (`Cache-Control: no-cache`: every
// request rendered) and cached.
// With --plays, a third run in every round sends kiosk plays (bench/plays-workload.ts: a paired fleet posting
// honest batches) and reports plays stored per second. Each kiosk plays one a second, so the fleet must be large
// enough for the fastest server: 6,000 kiosks by default.
// Run (each checkout built with `npm run build`):
//   node --import tsx bench/compare.ts --arm new=. --arm old=../main [--rounds 5] [--seconds 6] [--postgres]
//     [--plays] [--kiosks 6000]
// An arm is `name=checkout`, optionally followed by `,VAR=value` settings for that server's environment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { pageMix, seedLoadData } from "./load-data";
import { primeFleet, seedPlaysFleet } from "./plays-workload";
import { createPostgresDatabase, startServer, type ServerProcess } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    arm: { type: "string", multiple: true, default: ["this=."] },
    seconds: { type: "string", default: "6" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "5" },
    postgres: { type: "boolean", default: false },
    plays: { type: "boolean", default: false },
    kiosks: { type: "string", default: "6000" },
  },
});

const arms = values.arm.map((spec) => {
  const [head, ...settings] = spec.split(",");
  const [name, dir = "."] = head.split("=");
  const checkout = path.resolve(dir);
  return {
    name,
    nodeArgs: [path.join(checkout, "server/index.ts")],
    env: {
      BUILD_DIR: path.join(checkout, "build"),
      ...Object.fromEntries(settings.map((s) => [s.slice(0, s.indexOf("=")), s.slice(s.indexOf("=") + 1)])),
    },
  };
});
const runs: { name: string; headers: Record<string, string>; plays?: true }[] = [
  { name: "uncached", headers: { "Cache-Control": "no-cache" } },
  { name: "cached", headers: {} },
  ...(values.plays ? [{ name: "plays", headers: {}, plays: true as const }] : []),
];

const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-compare-"));
const seeded = path.join(root, "seed");
const postgres = values.postgres ? await createPostgresDatabase() : null;
if (values.postgres && !postgres) throw new Error("--postgres: no PostgreSQL answers at TEST_DATABASE_URL");
console.log(`seeding 10000 businesses and 500 stories into ${postgres ? "PostgreSQL" : "PGlite"}…`);
const data = await seedLoadData(postgres ? { databaseUrl: postgres.url } : { dataDir: seeded }, {
  businesses: 10_000,
  stories: 500,
});
const fleet = values.plays
  ? await seedPlaysFleet(
      postgres ? { databaseUrl: postgres.url } : { dataDir: seeded },
      Number(values.kiosks),
    )
  : [];

interface Row {
  rps: number;
  p99: number;
  mainMs: number;
  totalMs: number;
  errors: number;
  /** Plays stored per second (the plays run). */
  playsPerSecond?: number;
  /** Plays sent that the server did not store (the plays run). */
  notStored?: number;
}

const servers: ServerProcess[] = [];
try {
  for (const [index, arm] of arms.entries()) {
    const dataDir = path.join(root, String(index));
    if (!postgres) fs.cpSync(seeded, dataDir, { recursive: true });
    const database: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "error", ...database, ...arm.env };
    servers.push(await startServer(env, arm.nodeArgs));
  }
  const mix = pageMix(data);
  // With --postgres the arms share one database, so the fleet is primed once per server on the same rows: each
  // server still serves every kiosk its manifest, which is what a server that checks plays needs to have done.
  const fleets = values.plays ? await Promise.all(servers.map((server) => primeFleet(server, fleet))) : [];
  const drive = (server: ServerProcess, seconds: number, run: (typeof runs)[number]) =>
    autocannon({
      url: server.url,
      connections: Number(values.connections),
      duration: seconds,
      headers: run.headers,
      requests: run.plays
        ? [fleets[servers.indexOf(server)].request]
        : [{ setupRequest: (request) => ({ ...request, path: mix() }) }],
    });
  for (const server of servers) for (const run of runs) await drive(server, 3, run); // warm-up

  const results = arms.map(() => runs.map((): Row[] => []));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [run, spec] of runs.entries()) {
      // Each round starts with the next arm, so none is always first after a pause.
      for (let step = 0; step < arms.length; step++) {
        const index = (round + step) % arms.length;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const before = cpuMs(servers[index]);
        const stored = spec.plays ? { ...fleets[index].totals } : null;
        const result = await drive(servers[index], Number(values.seconds), spec);
        const after = cpuMs(servers[index]);
        const requests = Math.max(1, result.requests.total);
        results[index][run].push({
          rps: Math.round(result.requests.average),
          p99: result.latency.p99,
          mainMs: (after.main - before.main) / requests,
          totalMs: (after.total - before.total) / requests,
          errors: result.errors + result.timeouts + result.non2xx,
          ...(stored && {
            playsPerSecond: Math.round(
              (fleets[index].totals.stored - stored.stored) / Number(values.seconds),
            ),
            notStored: fleets[index].totals.notStored - stored.notStored,
          }),
        });
      }
    }
  }

  console.log(
    `\n${values.connections} connections, ${values.seconds} s per run, ${values.rounds} alternating rounds, ${postgres ? "PostgreSQL" : "PGlite"}; median (range)\n`,
  );
  console.log(
    "| checkout | run | req/s | p99 ms | CPU ms per request: main thread | all threads | errors | plays stored/s | plays not stored |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const [index, arm] of arms.entries()) {
    for (const [run, { name }] of runs.entries()) {
      const rows = results[index][run];
      const column = (pick: (row: Row) => number) => summary(rows.map(pick));
      const errors = rows.reduce((sum, row) => sum + row.errors, 0);
      const plays = runs[run].plays
        ? `${column((r) => r.playsPerSecond ?? 0)} | ${rows.reduce((sum, row) => sum + (row.notStored ?? 0), 0)}`
        : "– | –";
      console.log(
        `| ${arm.name} | ${name} | ${column((r) => r.rps)} | ${column((r) => r.p99)} | ${column((r) => r.mainMs)} | ${column((r) => r.totalMs)} | ${errors} | ${plays} |`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.drop();
  fs.rmSync(root, { recursive: true, force: true });
}

/** "median (min–max)". */
function summary(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${format(median)} (${format(sorted[0])}–${format(sorted[sorted.length - 1])})`;
}

/** CPU time the server has used so far, in ms (user + system): its main thread's, and all its threads'. */
function cpuMs(server: ServerProcess) {
  const pid = server.child.pid!;
  const ticks = (file: string) => {
    // Fields after the command name (which may hold spaces); utime and stime are the 14th and 15th.
    const fields = fs.readFileSync(file, "utf8").split(") ").pop()!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const tickMs = 10; // USER_HZ is 100 on Linux
  return {
    main: ticks(`/proc/${pid}/task/${pid}/stat`) * tickMs,
    total: ticks(`/proc/${pid}/stat`) * tickMs,
  };
}
