// Kiosk fleet benchmark (docs/performance.md, "Kiosks"): how many screens one server keeps up with. Seeds a fleet of
// paired kiosks spread over the Los Angeles area, listings with approved ads (ready image media) and featured
// stories into a fresh database (PGlite, or a throwaway PostgreSQL database with --postgres), starts the BUILT
// server (BUILD_DIR, default build), and simulates the fleet: every kiosk sends, once per cycle (60 s), a heartbeat,
// a manifest revalidation with If-None-Match, and a batch of plays, each at its own moment of the cycle (spread
// evenly over the fleet). The fleet grows step by step; each step first primes its new kiosks (their first, full
// manifest, not measured), then measures one whole cycle. A step passes with p99 < 200 ms and zero errors; the run
// reports the largest passing fleet and stops after the first step that fails.
// Run: npm run build && node --import tsx bench/kiosks.ts [--postgres] [--sizes 1000,2500,5000]
//      [--cycle 60] [--ads 80] [--plays 6] [--sockets 256] [--profile dir]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/.server/infra/db/client";
import { businessStories, kiosks } from "../app/.server/infra/db/schema";
import { hashDeviceSecret, newDeviceSecret } from "../app/.server/kiosks/device-token";
import { insertAd, insertAdvertiser, insertListing } from "../tests/support/kiosk-fixtures";
import { BUILT_SERVER, createPostgresDatabase, startServer } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    sizes: { type: "string", default: "1000,2500,5000,7500,10000,12500,15000,20000" },
    cycle: { type: "string", default: "60" },
    ads: { type: "string", default: "80" },
    plays: { type: "string", default: "6" },
    sockets: { type: "string", default: "256" },
    "p99-ms": { type: "string", default: "200" },
    // Writes a V8 CPU profile of the server to this directory (open it in Chrome's DevTools).
    profile: { type: "string" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const cycleMs = Number(values.cycle) * 1000;
const playsPerBatch = Number(values.plays);
const p99Target = Number(values["p99-ms"]);
const fleetSize = Math.max(...sizes);

// The fleet and the listings sit in a 30 × 30 mile square around Los Angeles; an ad reaches 5 miles, so a kiosk
// plays about a tenth of the ads.
const AREA = { latitude: 34.05, longitude: -118.35, miles: 30 };
const randomPlace = () => ({
  latitude: AREA.latitude + ((Math.random() - 0.5) * AREA.miles) / 69,
  longitude: AREA.longitude + ((Math.random() - 0.5) * AREA.miles) / 57.3,
});

// ---------------------------------------------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-kiosks-"));
const postgres = values.postgres
  ? await createPostgresDatabase(process.env.BENCH_DB_PREFIX ?? "ls_bench")
  : null;
if (values.postgres && !postgres) throw new Error("--postgres: no PostgreSQL answers at TEST_DATABASE_URL");
const target = postgres ? { databaseUrl: postgres.url } : { dataDir };

interface SimKiosk {
  id: string;
  token: string;
  etag: string | null;
  adIds: string[];
}

console.log(`seeding ${fleetSize} kiosks and ${values.ads} ads into ${postgres ? "PostgreSQL" : "PGlite"}…`);
const fleet: SimKiosk[] = [];
{
  const handle = await openDatabase(target);
  await handle.migrate();
  const { db } = handle;
  const advertiser = await insertAdvertiser(db);
  for (let n = 0; n < Number(values.ads); n++) {
    const listing = await insertListing(db, advertiser, { name: `Bench Listing ${n}`, place: randomPlace() });
    await insertAd(db, advertiser, listing, { title: `Bench ad ${n}` });
  }
  await db.insert(businessStories).values(
    Array.from({ length: 3 }, (_, n) => ({
      title: `A featured bench story ${n}`,
      description: "d",
      shortDescription: "How a kiosk brought new neighbors through the door.",
      industry: "food-industry",
      author: `Author ${n}`,
      publishDate: "2026-01-01",
      isFeatured: true,
    })),
  );
  for (let offset = 0; offset < fleetSize; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, fleetSize - offset) }, (_, i) => {
      const token = newDeviceSecret();
      const id = randomUUID();
      fleet.push({ id, token, etag: null, adIds: [] });
      return {
        id,
        label: `Bench kiosk ${offset + i}`,
        timeZone: "America/Los_Angeles",
        ...randomPlace(),
        deviceTokenHash: hashDeviceSecret(token),
        pairedAt: new Date(),
      };
    });
    await db.insert(kiosks).values(rows);
  }
  await handle.close();
}

const server = await startServer(
  { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
  values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`, ...BUILT_SERVER] : BUILT_SERVER,
);

// ---------------------------------------------------------------------------------------------------------------
// The simulated screens
// ---------------------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.sockets) });
type Kind = "heartbeat" | "manifest" | "plays";

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

function request(
  method: "GET" | "POST",
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, method, path: pathname, headers, agent, timeout: 10_000 },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (body) req.end(body);
    else req.end();
  });
}

async function fetchManifest(kiosk: SimKiosk): Promise<boolean> {
  const headers: Record<string, string> = { Authorization: `Bearer ${kiosk.token}` };
  if (kiosk.etag) headers["If-None-Match"] = kiosk.etag;
  const response = await request("GET", "/api/kiosk/manifest", headers);
  if (response.status === 304) return true;
  if (response.status !== 200) return false;
  kiosk.etag = String(response.headers.etag);
  const manifest = JSON.parse(response.body) as { items: { adId: string | null }[] };
  kiosk.adIds = manifest.items.flatMap((item) => (item.adId ? [item.adId] : []));
  return true;
}

function heartbeat(kiosk: SimKiosk) {
  const body = JSON.stringify({
    playerVersion: "bench",
    manifestVersion: kiosk.etag?.replaceAll('"', "") ?? null,
    playing: { itemId: "house:free-kiosk:0", adId: null },
    storageBytes: 50_000_000,
    errors: [],
  });
  return request("POST", "/api/kiosk/heartbeat", json(kiosk, body), body).then(
    (response) => response.status === 200,
  );
}

function plays(kiosk: SimKiosk) {
  const now = Date.now();
  const batch = Array.from({ length: playsPerBatch }, (_, n) => {
    const adId = kiosk.adIds.length ? kiosk.adIds[n % kiosk.adIds.length]! : null;
    const startedAt = now - (playsPerBatch - n) * 10_000;
    return {
      id: randomUUID(),
      adId,
      itemId: adId ? `ad:${adId}:0` : "house:free-kiosk:0",
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(startedAt + 9_000).toISOString(),
      completed: true,
    };
  });
  const body = JSON.stringify({ plays: batch });
  return request("POST", "/api/kiosk/plays", json(kiosk, body), body).then(async (response) => {
    if (response.status !== 200) return false;
    return (JSON.parse(response.body) as { stored: number }).stored === playsPerBatch;
  });
}

function json(kiosk: SimKiosk, body: string) {
  return {
    Authorization: `Bearer ${kiosk.token}`,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
  };
}

const ACTIONS: Record<Kind, (kiosk: SimKiosk) => Promise<boolean>> = {
  heartbeat,
  manifest: fetchManifest,
  plays,
};

async function timed(kind: Kind, kiosk: SimKiosk, samples: Sample[]) {
  const started = performance.now();
  let ok = false;
  try {
    ok = await ACTIONS[kind](kiosk);
  } catch {
    ok = false;
  }
  samples.push({ kind, ms: performance.now() - started, ok });
}

/** First manifests of kiosks that have none yet, a few at a time (a fleet comes up gradually). */
async function prime(members: SimKiosk[]) {
  const queue = members.filter((kiosk) => kiosk.etag === null);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let kiosk = queue.shift(); kiosk; kiosk = queue.shift()) {
        if (!(await fetchManifest(kiosk))) throw new Error("a first manifest failed");
      }
    }),
  );
  return performance.now() - started;
}

/**
 * One cycle of the first `count` kiosks: kiosk i sends its heartbeat at (i / count) of the cycle, its manifest
 * revalidation a third of a cycle later and its plays two thirds later, so requests arrive evenly.
 */
async function runCycle(count: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const events: { at: number; kind: Kind; kiosk: SimKiosk }[] = [];
  (["heartbeat", "manifest", "plays"] as const).forEach((kind, k) => {
    for (let i = 0; i < count; i++) {
      events.push({ at: ((i / count + k / 3) % 1) * cycleMs, kind, kiosk: fleet[i]! });
    }
  });
  events.sort((a, b) => a.at - b.at);
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      while (next < events.length && events[next]!.at <= elapsed) {
        const event = events[next++]!;
        pending.push(timed(event.kind, event.kiosk, samples));
      }
      if (next < events.length) setTimeout(tick, 2);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  return samples;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface StepResult {
  kiosks: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  byKind: Record<Kind, { p50: number; p99: number; errors: number }>;
  primeSeconds: number;
}

function summarize(kiosksInStep: number, samples: Sample[], primeMs: number): StepResult {
  const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const byKind = {} as StepResult["byKind"];
  for (const kind of ["heartbeat", "manifest", "plays"] as const) {
    const own = samples.filter((sample) => sample.kind === kind);
    const times = own.map((sample) => sample.ms).sort((a, b) => a - b);
    byKind[kind] = {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      errors: own.filter((sample) => !sample.ok).length,
    };
  }
  return {
    kiosks: kiosksInStep,
    requests: samples.length,
    perSecond: samples.length / (cycleMs / 1000),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all[all.length - 1] ?? 0,
    errors: samples.filter((sample) => !sample.ok).length,
    byKind,
    primeSeconds: primeMs / 1000,
  };
}

const ms = (value: number) => value.toFixed(1);
const results: StepResult[] = [];
try {
  for (const size of sizes) {
    const primeMs = await prime(fleet.slice(0, size));
    const result = summarize(size, await runCycle(size), primeMs);
    results.push(result);
    const pass = result.p99 < p99Target && result.errors === 0;
    console.log(
      `${String(size).padStart(6)} kiosks: ${result.requests} requests (${result.perSecond.toFixed(0)}/s), ` +
        `p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms, ${result.errors} errors ` +
        `[heartbeat p99 ${ms(result.byKind.heartbeat.p99)}, manifest p99 ${ms(result.byKind.manifest.p99)}, ` +
        `plays p99 ${ms(result.byKind.plays.p99)}; primed in ${result.primeSeconds.toFixed(0)} s] ${pass ? "PASS" : "FAIL"}`,
    );
    if (!pass) break;
  }
} finally {
  agent.destroy();
  await server.stop();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const passing = results.filter((result) => result.p99 < p99Target && result.errors === 0);
console.log(
  `\n${postgres ? "PostgreSQL" : "PGlite"}, one server process, ${values.cycle} s cycle, loopback\n`,
);
console.log(
  "| kiosks | req/s | p50 ms | p99 ms | max ms | errors | heartbeat p99 | manifest p99 | plays p99 |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const result of results) {
  console.log(
    `| ${result.kiosks.toLocaleString("en-US")} | ${result.perSecond.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} | ` +
      `${ms(result.max)} | ${result.errors} | ${ms(result.byKind.heartbeat.p99)} | ${ms(result.byKind.manifest.p99)} | ` +
      `${ms(result.byKind.plays.p99)} |`,
  );
}
const best = passing[passing.length - 1];
console.log(
  best
    ? `\nLargest fleet served with p99 < ${p99Target} ms and zero errors: ${best.kiosks.toLocaleString("en-US")} kiosks`
    : `\nNo fleet size passed (p99 < ${p99Target} ms, zero errors)`,
);
