// Directory query benchmark (docs/decisions/005-directory-counts.md): seeds N businesses into PGlite and into a
// throwaway PostgreSQL database and reports p50/p95 of the full directory query (filter + total count + one page) per
// case.
//
//   PATH=$PWD/node_modules/.bin:$PATH node --import tsx bench/directory.ts [N]
//
// N defaults to 100000 (or BENCH_BUSINESSES). BENCH_PG_URL names the PostgreSQL server (default
// postgres://postgres@127.0.0.1:5432/postgres); when it doesn't answer, that half is skipped with a message. BENCH_RUNS
// sets the timed runs per case (200); BENCH_ENGINES=pglite or postgres runs one half. Results: docs/performance.md,
// "Directory".
import pg from "pg";
import { sql } from "drizzle-orm";
import zipcodes, { type ZipCodeRecord } from "zipcodes";
import { listDirectoryBusinesses } from "~/.server/businesses/directory";
import { openDatabase, type Database, type DatabaseHandle } from "~/.server/infra/db/client";
import type { DirectorySearch } from "~/lib/directory-search";
import { INDUSTRY_IDS } from "~/lib/industries";

declare module "zipcodes" {
  export function lookupByState(state: string): ZipCodeRecord[];
}

const N = Number(process.argv[2] ?? process.env.BENCH_BUSINESSES ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const WARMUP = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

if (!Number.isInteger(N) || N < 1) throw new Error(`N must be a positive integer, got ${process.argv[2]}`);

/**
 * What visitors do. `target` marks the four cases with a p95 target (docs/decisions/005-directory-counts.md); the rest
 * are for context.
 */
/** Monday 11:00 and Tuesday 03:00 in Los Angeles: most listings open, and almost none (the walk is longest). */
const MONDAY_11 = new Date("2026-11-23T11:00:00-08:00");
const TUESDAY_3 = new Date("2026-11-24T03:00:00-08:00");

const CASES: { name: string; search: DirectorySearch; target?: true; now?: Date }[] = [
  { name: "no filter", search: { page: 1 }, target: true },
  { name: "industry", search: { industry: "food-industry", page: 1 }, target: true },
  { name: "zip prefix 913", search: { zip: "913", page: 1 }, target: true },
  { name: "industry + zip prefix", search: { industry: "food-industry", zip: "913", page: 1 }, target: true },
  { name: "whole zip 91367", search: { zip: "91367", page: 1 } },
  { name: "one-digit zip 9", search: { zip: "9", page: 1 } },
  { name: "no filter, page 40", search: { page: 40 } },
  // Near me and open now (docs/decisions/062-near-me-with-earthdistance.md, 063-opening-hours-and-open-now.md).
  { name: "near 91367, 5 mi", search: { near: { zip: "91367" }, miles: 5, page: 1 }, target: true },
  { name: "near 91367, 25 mi", search: { near: { zip: "91367" }, miles: 25, page: 1 }, target: true },
  { name: "open now (Mon 11:00)", search: { open: true, page: 1 }, now: MONDAY_11, target: true },
  { name: "open now (Tue 03:00)", search: { open: true, page: 1 }, now: TUESDAY_3, target: true },
  {
    name: "open now + 91367, 5 mi",
    search: { open: true, near: { zip: "91367" }, miles: 5, page: 1 },
    now: MONDAY_11,
  },
];

/**
 * Spreads N businesses over every California zip code (where the network is growing), the five industries evenly,
 * and three years of created_at. Deterministic (hashes of the row number), so both engines hold the same rows.
 */
async function seed(db: Database, n: number) {
  const zips = zipcodes.lookupByState("CA");
  await db.execute(
    sql`create temporary table bench_zips (i int primary key, zip text not null, city text not null,
      lat float8, lng float8)`,
  );
  for (let start = 0; start < zips.length; start += 500) {
    const rows = zips
      .slice(start, start + 500)
      .map((zip, k) => sql`(${start + k}, ${zip.zip}, ${zip.city}, ${zip.latitude}, ${zip.longitude})`);
    await db.execute(sql`insert into bench_zips values ${sql.join(rows, sql`, `)}`);
  }
  const industries = sql.raw(`array[${INDUSTRY_IDS.map((id) => `'${id}'`).join(", ")}]`);
  const batch = 20_000;
  for (let from = 1; from <= n; from += batch) {
    const to = Math.min(n, from + batch - 1);
    await db.execute(sql`
      insert into businesses (name, description, industry, address, city, state, zip_code, phone, email, website,
        image_url, rating, review_count, offer_text, owner_name, created_at, latitude, longitude, time_zone, status,
        hours)
      select 'Bench Business ' || g,
        'A family-run neighborhood business serving the valley since 2004 with friendly, honest service and fair prices.',
        (${industries})[1 + abs(hashint4(g + 7)) % 5],
        (100 + g % 9000) || ' Ventura Blvd', z.city, 'CA', z.zip,
        '(818) 555-' || lpad((g % 10000)::text, 4, '0'),
        'hello' || g || '@bench.example', 'https://bench' || g || '.example',
        case when g % 3 = 0 then null else '/media/demo/business-' || g || '.webp' end,
        (abs(hashint4(g + 11)) % 51) / 10.0, abs(hashint4(g + 13)) % 400,
        case when g % 2 = 0 then 'Ten percent off your first visit when you mention the kiosk.' end,
        case when g % 4 = 0 then 'Owner ' || g end,
        now() - make_interval(secs => abs(hashint4(g + 17)) % (3 * 365 * 86400)),
        z.lat, z.lng, 'America/Los_Angeles',
        -- One in twenty waits for review; the public queries never see those.
        case when g % 20 = 0 then 'pending' else 'published' end,
        -- Four in five have hours: 9–17 weekdays, one in ten of those also 20:00–02:00 every night.
        case when g % 5 <> 0 then '{}'::jsonb end
      from generate_series(${from}::int, ${to}::int) g
      join bench_zips z on z.i = abs(hashint4(g)) % ${zips.length}
    `);
  }
  await db.execute(sql`drop table bench_zips`);
  // The spans the app writes from those hours (../app/.server/businesses/opening-spans.ts), per day, split at midnight.
  await db.execute(sql`
    insert into business_open_spans (business_id, time_zone, day, opens_at, closes_at)
    select id, 'America/Los_Angeles', d, 540 + (abs(hashint4(n)) % 4) * 30, 1020 + (abs(hashint4(n + 1)) % 4) * 30
      from (select id, row_number() over ()::int as n from businesses where hours is not null) b, generate_series(1, 5) d
    union all
    select id, 'America/Los_Angeles', d, 1200, 1440
      from (select id, row_number() over ()::int as n from businesses where hours is not null) b, generate_series(0, 6) d
      where n % 10 = 0
    union all
    select id, 'America/Los_Angeles', (d + 1) % 7, 0, 120
      from (select id, row_number() over ()::int as n from businesses where hours is not null) b, generate_series(0, 6) d
      where n % 10 = 0
  `);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(label: string, db: Database, targetMs: number) {
  console.log(
    `\n${label}: ${N.toLocaleString("en-US")} businesses, ${RUNS} runs per case, target p95 ≤ ${targetMs} ms`,
  );
  console.log(
    "case".padEnd(26) +
      "matches".padStart(9) +
      "p50 ms".padStart(9) +
      "p95 ms".padStart(9) +
      "p5–p99".padStart(9),
  );
  for (const { name, search, target, now } of CASES) {
    const context = { siteTimeZone: "America/Los_Angeles", now };
    let total = 0;
    for (let i = 0; i < WARMUP; i++) total = (await listDirectoryBusinesses(db, search, context)).total;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await listDirectoryBusinesses(db, search, context);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const fmt = (ms: number) => ms.toFixed(2).padStart(9);
    const p95 = percentile(times, 95);
    const verdict = target ? (p95 <= targetMs ? "  ok" : "  OVER TARGET") : "";
    const spread = percentile(times, 99) - percentile(times, 5);
    console.log(
      name.padEnd(26) +
        String(total).padStart(9) +
        fmt(percentile(times, 50)) +
        fmt(p95) +
        fmt(spread) +
        verdict,
    );
  }
}

async function seeded(handle: DatabaseHandle, label: string) {
  await handle.migrate();
  const started = performance.now();
  await seed(handle.db, N);
  console.log(`\n${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function benchPglite() {
  const handle = await openDatabase({ memory: true });
  try {
    await seeded(handle, "PGlite (in memory)");
    // PGlite runs no autovacuum: an embedded database may never have been analyzed, so measure it as it is first.
    await measure("PGlite (in memory), never analyzed", handle.db, 20);
    await handle.db.execute(sql`vacuum analyze`);
    await measure("PGlite (in memory), after VACUUM ANALYZE", handle.db, 20);
  } finally {
    await handle.close();
  }
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL not reachable at ${PG_URL} (${(error as Error).message}); skipped.`);
    return;
  }
  const name = `ls_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await seeded(handle, "PostgreSQL");
    // What autovacuum does within a minute of a bulk load.
    await handle.db.execute(sql`vacuum analyze`);
    await measure("PostgreSQL", handle.db, 10);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// BENCH_ENGINES=pglite or postgres runs one half only (default: both).
const engines = process.env.BENCH_ENGINES ?? "pglite,postgres";
if (engines.includes("pglite")) await benchPglite();
if (engines.includes("postgres")) await benchPostgres();
