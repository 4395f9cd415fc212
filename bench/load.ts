// Load benchmark (issue 10): seeds 10,000 businesses and 500 stories into a fresh embedded database, starts the
// BUILT server (BUILD_DIR, default build) on loopback, and drives a mix of home, directory, business and story
// pages with 50 connections — uncached (every request rendered: `Cache-Control: no-cache`) and with the page
// cache — plus a static asset from the same server as the reference.
// Each measurement starts from an idle server (the previous one's requests have finished), and the three runs are
// repeated (--rounds, default 3): this machine is shared, so one round can land on a noisy moment. The targets
// are judged on the median round by uncached p99; every round is printed.
// Run: npm run build && node --import tsx bench/load.ts [--seconds 10] [--connections 50] [--rounds 3]
//      [--postgres] [--processes N]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/db/client";
import { businesses, businessStories } from "../app/.server/db/schema";
import { INDUSTRY_IDS } from "../app/lib/industries";
import { createPostgresDatabase, startServer } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    businesses: { type: "string", default: "10000" },
    stories: { type: "string", default: "500" },
    rounds: { type: "string", default: "3" },
    // Run the same bench on a throwaway PostgreSQL database (DATABASE_URL) instead of the embedded one.
    postgres: { type: "boolean", default: false },
    // Server processes (WEB_CONCURRENCY; docs/decisions/008-server-processes.md).
    processes: { type: "string", default: "1" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

async function seed(target: { dataDir: string } | { databaseUrl: string }) {
  const handle = await openDatabase(target);
  await handle.migrate();
  const businessIds: string[] = [];
  const storyIds: string[] = [];
  const total = Number(values.businesses);
  for (let offset = 0; offset < total; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - offset) }, (_, i) => {
      const n = offset + i;
      const id = randomUUID();
      businessIds.push(id);
      return {
        id,
        name: `Bench Business ${n}`,
        description: "A neighborhood business used by the load benchmark.",
        industry: INDUSTRY_IDS[n % INDUSTRY_IDS.length],
        address: `${100 + (n % 900)} Ventura Blvd`,
        city: n % 2 ? "Woodland Hills" : "Tarzana",
        state: "CA",
        zipCode: String(91300 + (n % 100)),
        phone: "(818) 555-0100",
        rating: (n % 50) / 10,
        reviewCount: n % 300,
        offerText: "10% off when you mention the kiosk",
        createdAt: new Date(Date.now() - n * 60_000),
      };
    });
    await handle.db.insert(businesses).values(rows);
  }
  const stories = Array.from({ length: Number(values.stories) }, (_, n) => {
    const id = randomUUID();
    storyIds.push(id);
    return {
      id,
      title: `Bench story ${n}`,
      description: "How a kiosk brought new neighbors through the door.",
      shortDescription: "A kiosk success story.",
      content: "## A good year\n\nFoot traffic grew, and so did the community around the shop.",
      industry: INDUSTRY_IDS[n % INDUSTRY_IDS.length],
      author: `Author ${n}`,
      publishDate: new Date(Date.now() - (n + 1) * 86_400_000).toISOString().slice(0, 10),
      isFeatured: n % 10 === 0,
    };
  });
  await handle.db.insert(businessStories).values(stories);
  // Planner statistics for the fresh rows, as a settled database has (and so PostgreSQL's autovacuum does not
  // start analysing in the middle of the first run).
  await handle.db.execute(sql`analyze`);
  await handle.close();
  return { businessIds, storyIds };
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Waits until the server answers at once: the previous run's queued requests have all been served. */
async function idle() {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (let attempt = 0; attempt < 50; attempt++) {
    const started = performance.now();
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function drive(
  name: string,
  url: string,
  paths: () => string,
  headers: Record<string, string> = {},
): Promise<Row> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-load-"));
const postgres = values.postgres ? await createPostgresDatabase() : null;
if (values.postgres && !postgres) throw new Error("--postgres: no PostgreSQL answers at TEST_DATABASE_URL");
console.log(
  `seeding ${values.businesses} businesses and ${values.stories} stories into ${postgres ? "PostgreSQL" : "PGlite"}…`,
);
const { businessIds, storyIds } = await seed(postgres ? { databaseUrl: postgres.url } : { dataDir });
const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  WEB_CONCURRENCY: values.processes,
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
try {
  // The home page ships no JavaScript; /about does.
  const about = await (await fetch(`${server.url}/about`)).text();
  const asset = about.match(/\/assets\/[\w.-]+\.js/)?.[0];
  if (!asset) throw new Error("no asset found on /about");
  let i = 0;
  const mix = () => {
    i++;
    switch (i % 4) {
      case 0:
        return "/";
      case 1:
        return `/local-shiners/all?page=${1 + (i % 20)}`;
      case 2:
        return `/business/${businessIds[i % 200]}`;
      default:
        return `/story/${storyIds[i % 100]}`;
    }
  };
  // Warm up (JIT, first renders), then measure.
  await drive("warm-up", server.url, mix);
  const rounds: Row[][] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const rows: Row[] = [];
    for (const [name, paths, headers] of [
      ["static asset", () => asset, {}],
      ["pages, uncached", mix, { "Cache-Control": "no-cache" }],
      ["pages, cached", mix, {}],
    ] as const) {
      await idle();
      rows.push(await drive(name, server.url, paths, headers));
    }
    rounds.push(rows);
  }
  console.log(
    `\n${connections} connections, ${seconds} s each, loopback, ${values.processes} server process(es), ${postgres ? "PostgreSQL" : "PGlite"}\n`,
  );
  console.log("| round | run | req/s | p50 ms | p99 ms | errors | non-2xx |");
  console.log("|---|---|---|---|---|---|---|");
  rounds.forEach((rows, index) => {
    for (const row of rows) {
      console.log(
        `| ${index + 1} | ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`,
      );
    }
  });
  const byUncachedP99 = [...rounds].sort((a, b) => a[1].p99 - b[1].p99);
  const [staticRow, uncached, cached] = byUncachedP99[Math.floor((byUncachedP99.length - 1) / 2)];
  const errors = rounds.flat().reduce((sum, row) => sum + row.errors + row.non2xx, 0);
  console.log(
    `\nmedian round: uncached p99 ${uncached.p99} ms (target < 250); cached/static = ${(cached.requestsPerSecond / staticRow.requestsPerSecond).toFixed(2)} (target ≥ 0.5); errors in all rounds ${errors} (target 0)`,
  );
} finally {
  await server.stop();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
