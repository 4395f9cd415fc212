// Garbage-collection bench (docs/decisions/011-heap-growing.md): the load bench's uncached page mix
// against two built servers side by side — the server as it runs (V8's largest heap growing factor, fixed) and the
// same server with V8's adaptive factor (`--heap-growing-percent=0`) — in alternating runs, so both see the same
// minutes of this shared VM. Reports req/s, p50/p99 and full (mark-compact) collections per 1,000 pages, counted
// from `--trace-gc` (the request thread's and the database thread's).
// Run: npm run build && node --import tsx bench/gc.ts [--seconds 8] [--connections 50] [--rounds 4]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { pageMix, seedLoadData } from "./load-data";
import { BUILT_SERVER, startServer, type ServerProcess } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "4" },
  },
});

const arms = [
  { name: "as served (fixed 4×)", nodeArgs: ["--trace-gc", ...BUILT_SERVER] },
  { name: "V8 adaptive", nodeArgs: ["--trace-gc", "--heap-growing-percent=0", ...BUILT_SERVER] },
];

const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-gc-"));
console.log("seeding 10000 businesses and 500 stories into PGlite…");
const data = await seedLoadData({ dataDir: path.join(root, "0") }, { businesses: 10_000, stories: 500 });
fs.cpSync(path.join(root, "0"), path.join(root, "1"), { recursive: true });

const servers: ServerProcess[] = [];
try {
  for (const [index, arm] of arms.entries()) {
    servers.push(
      await startServer({ DATA_DIR: path.join(root, String(index)), LOG_LEVEL: "error" }, arm.nodeArgs),
    );
  }
  const mix = pageMix(data);
  const run = (server: ServerProcess, seconds: number) =>
    autocannon({
      url: server.url,
      connections: Number(values.connections),
      duration: seconds,
      headers: { "Cache-Control": "no-cache" },
      requests: [{ setupRequest: (request) => ({ ...request, path: mix() }) }],
    });
  const majorGcs = (server: ServerProcess) => server.output().match(/Mark-Compact/g)?.length ?? 0;

  for (const server of servers) await run(server, 5); // warm-up
  const rows: { round: number; arm: string; rps: number; p50: number; p99: number; perThousand: number }[] =
    [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    // Alternate which arm goes first.
    const order = round % 2 ? [0, 1] : [1, 0];
    for (const index of order) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = majorGcs(servers[index]);
      const result = await run(servers[index], Number(values.seconds));
      const pages = result.requests.total;
      rows.push({
        round,
        arm: arms[index].name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        perThousand: ((majorGcs(servers[index]) - before) * 1000) / Math.max(1, pages),
      });
    }
  }
  console.log(
    `\nuncached mix, ${values.connections} connections, ${values.seconds} s per run, loopback, PGlite\n`,
  );
  console.log("| round | server | req/s | p50 ms | p99 ms | p99/p50 | full GCs per 1,000 pages |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.round} | ${row.arm} | ${row.rps} | ${row.p50} | ${row.p99} | ${(row.p99 / row.p50).toFixed(2)} | ${row.perThousand.toFixed(2)} |`,
    );
  }
  for (const arm of arms) {
    const mine = rows.filter((row) => row.arm === arm.name);
    const mean = (pick: (row: (typeof rows)[number]) => number) =>
      mine.reduce((sum, row) => sum + pick(row), 0) / mine.length;
    console.log(
      `${arm.name}: mean ${mean((row) => row.rps).toFixed(0)} req/s, p99 ${mean((row) => row.p99).toFixed(0)} ms, p99/p50 ${mean((row) => row.p99 / row.p50).toFixed(2)}, ${mean((row) => row.perThousand).toFixed(2)} full GCs per 1,000 pages`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(root, { recursive: true, force: true });
}
