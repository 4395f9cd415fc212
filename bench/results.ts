// Results benchmark (docs/performance.md, "Results"): how fast plays are stored, how long the roll-up takes, and
// how fast the owner's Results page reads. On a fresh database (PGlite, or a throwaway PostgreSQL database with
// --postgres):
// 1. Seed: `--plays` plays over `--kiosks` kiosks and `--ads` ads (one listing and owner per five ads), spread over
//    the last 90 days, with QR scans (0.5 % of plays) and page events, written in bulk by SQL.
// 2. Roll-up: one run over all of it (the worst case: every hour of 90 days touched), timed.
// 3. Queries: the Results page's reads (`getOwnerResults`, scope "all" and one listing, 30 and 90 days) for
//    random owners; p50, p95 and p99.
// 4. Ingest into that database: `recordPlays` (what POST /api/kiosk/plays calls) in batches of 100 honest plays
//    (back to back, of ads served to the kiosk: each checked as docs/security.md#proof-of-play says), from one writer
//    and from `--writers` at once (kiosks send in parallel; PostgreSQL serves them on separate connections),
//    alternating, for several rounds; plays per second, median and spread over the rounds.
// With --network-old CHECKOUT, before 3 and 4: the admin's network page and the home page's figure, read by this
// checkout's code and by CHECKOUT's (an older commit, e.g. `git archive <commit> | tar -x -C dir` with node_modules
// linked in) on the same database, each arm in its own process (bench/network-reads.ts), the two alternating
// round by round (`--network-rounds`, `--network-queries` reads each); --network-only stops after it.
// Run: node --import tsx bench/results.ts [--postgres] [--plays 1000000] [--kiosks 1000] [--ads 5000]
//      [--rounds 5] [--batches 50] [--writers 4] [--queries 200] [--keep] [--database-url URL]
//      [--network-old CHECKOUT] [--network-rounds 5] [--network-queries 10] [--network-only]
// --keep leaves the PostgreSQL database in place and prints its URL; --database-url URL (same --ads) measures the
// queries and ingest again on it without seeding, e.g. once the machine is quieter.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "../app/lib/zod";
import { openDatabase, type Database } from "../app/.server/infra/db/client";
import { PlayContexts } from "../app/.server/kiosks/play-context";
import { recordPlays } from "../app/.server/kiosks/play-ingest";
import { getOwnerResults } from "../app/.server/results/owner-results";
import { rollUpResults } from "../app/.server/results/rollup";
import { createPostgresDatabase } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    plays: { type: "string", default: "1000000" },
    kiosks: { type: "string", default: "1000" },
    ads: { type: "string", default: "5000" },
    rounds: { type: "string", default: "5" },
    batches: { type: "string", default: "50" },
    writers: { type: "string", default: "4" },
    queries: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
    "database-url": { type: "string" },
    "network-old": { type: "string" },
    "network-rounds": { type: "string", default: "5" },
    "network-queries": { type: "string", default: "10" },
    "network-only": { type: "boolean", default: false },
  },
});
const PLAYS = Number(values.plays);
const KIOSKS = Number(values.kiosks);
const ADS = Number(values.ads);
const OWNERS = Math.ceil(ADS / 5);
const TZ = "America/Los_Angeles";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-results-bench-"));
/** A database an earlier `--keep` run seeded and rolled up: only the queries and ingest run again. */
const REUSE = values["database-url"];
const postgres =
  values.postgres && !REUSE ? await createPostgresDatabase(process.env.BENCH_DB_PREFIX ?? "ls_bench") : null;
if (values.postgres && !postgres) throw new Error("--postgres: no PostgreSQL answers at TEST_DATABASE_URL");
const target = REUSE ? { databaseUrl: REUSE } : postgres ? { databaseUrl: postgres.url } : { dataDir };
let handle = await openDatabase(target);
await handle.migrate();
let db: Database = handle.db;
/** What recordPlays needs of a server's kiosk runtime. */
const ingest = { db, dbKind: handle.kind, playContexts: new PlayContexts() };

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    min: sorted[0]!,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1)!,
  };
};
const round = (value: number) => Math.round(value * 10) / 10;
const log = (label: string, value: unknown) => console.log(`${label}: ${JSON.stringify(value)}`);

log("database", postgres || REUSE ? "postgresql" : "pglite");
log("machine", { cpus: os.cpus().length, loadavg: os.loadavg().map(round) });

if (!REUSE) {
  // --- Fixtures: owners, listings, media, ads, kiosks ----------------------------------------------------------
  const started = performance.now();
  await db.execute(sql`insert into users (id, name, email)
    select 'bench-owner-' || i, 'Owner ' || i, 'owner' || i || '@bench.example' from generate_series(1, ${OWNERS}) i`);
  await db.execute(sql`insert into businesses (id, user_id, name, industry, address, city, state, zip_code)
    select md5('biz' || i)::uuid, 'bench-owner-' || i, 'Bench Listing ' || i, 'food-industry', '1 Main St',
           'Woodland Hills', 'CA', '91367' from generate_series(1, ${OWNERS}) i`);
  await db.execute(sql`insert into media (id, user_id, title, file_name, file_url, storage_key, file_type, file_size)
    select md5('media' || i)::uuid, 'bench-owner-' || i, 'Bench media', 'm.png', '/media/m' || i, 'bench/m' || i,
           'image/png', 10 from generate_series(1, ${OWNERS}) i`);
  await db.execute(sql`insert into ads (id, user_id, business_id, media_id, title, image_seconds, starts_on, short_code,
                                        review_status)
    select md5('ad' || i)::uuid, 'bench-owner-' || (1 + (i - 1) % ${OWNERS}), md5('biz' || (1 + (i - 1) % ${OWNERS}))::uuid,
           md5('media' || (1 + (i - 1) % ${OWNERS}))::uuid, 'Bench ad ' || i, 10, '2026-01-01',
           substr(md5('code' || i), 1, 12), 'approved' from generate_series(1, ${ADS}) i`);
  await db.execute(sql`insert into kiosks (id, label, time_zone, latitude, longitude, people_per_play)
    select md5('kiosk' || i)::uuid, 'Kiosk ' || i, ${TZ}, 34 + random(), -118 - random(),
           case when i % 2 = 0 then 3 else null end from generate_series(1, ${KIOSKS}) i`);
  log("fixtures_s", round((performance.now() - started) / 1000));

  // --- 1. Seed the history -----------------------------------------------------------------------------------------
  const seeded = performance.now();
  const CHUNK = 250_000;
  for (let done = 0; done < PLAYS; done += CHUNK) {
    const n = Math.min(CHUNK, PLAYS - done);
    await db.execute(sql`insert into kiosk_plays (id, kiosk_id, ad_id, started_at, ended_at, completed, received_at)
      select gen_random_uuid(), md5('kiosk' || (1 + floor(random() * ${KIOSKS}))::int)::uuid,
             md5('ad' || (1 + floor(random() * ${ADS}))::int)::uuid, t, t + interval '10 seconds', true,
             t + interval '1 minute'
      from (select now() - random() * interval '90 days' - interval '10 minutes' as t
            from generate_series(1, ${n})) s`);
  }
  await db.execute(sql`insert into ad_scans (ad_id, kiosk_id, scanned_at)
    select md5('ad' || (1 + floor(random() * ${ADS}))::int)::uuid,
           md5('kiosk' || (1 + floor(random() * ${KIOSKS}))::int)::uuid,
           now() - random() * interval '90 days' - interval '10 minutes'
    from generate_series(1, ${Math.round(PLAYS * 0.005)})`);
  await db.execute(sql`insert into listing_events (business_id, kind, at, visitor_hash)
    select md5('biz' || (1 + floor(random() * ${OWNERS}))::int)::uuid,
           (array['view','view','view','view','call','website'])[1 + floor(random() * 6)::int],
           now() - random() * interval '90 days' - interval '10 minutes', md5(random()::text)
    from generate_series(1, ${Math.round(PLAYS * 0.1)})`);
  await db.execute(sql`analyze`);
  log("seed", {
    plays: PLAYS,
    kiosks: KIOSKS,
    ads: ADS,
    owners: OWNERS,
    s: round((performance.now() - seeded) / 1000),
  });

  // --- 2. Roll-up --------------------------------------------------------------------------------------------------
  const rolled = performance.now();
  const summary = await rollUpResults(db, { timeZone: TZ, rawDays: 3650 });
  await db.execute(sql`analyze`);
  const rows = (
    (await db.execute(sql`select (select count(*) from ad_hourly_results)::int as hourly,
                                 (select count(*) from business_daily_results)::int as daily`)) as unknown as {
      rows: { hourly: number; daily: number }[];
    }
  ).rows[0];
  log("rollup_full", {
    s: round((performance.now() - rolled) / 1000),
    hours: summary.hours,
    days: summary.days,
    ...rows,
  });
  // An ordinary run: a few minutes of new plays (one batch from each of 100 kiosks).
  for (let i = 0; i < 100; i++) {
    await recordPlays(
      ingest,
      (
        (await db.execute(sql`select md5('kiosk' || ${1 + i})::uuid as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id,
      Array.from({ length: 6 }, () => {
        const start = Date.now() - 60_000;
        return {
          id: randomUUID(),
          adId: null,
          startedAt: new Date(start).toISOString(),
          endedAt: new Date(start + 10_000).toISOString(),
          completed: true,
        };
      }),
    );
  }
  const incremental = performance.now();
  await rollUpResults(db, { timeZone: TZ, rawDays: 3650, now: new Date(Date.now() + 10_000) });
  log("rollup_incremental_ms (600 new plays)", round(performance.now() - incremental));
}
if (REUSE && values["network-old"]) {
  // A database seeded by an earlier run: bring its roll-ups up to date (the first run with daily rows builds them).
  const t0 = performance.now();
  const summary = await rollUpResults(db, { timeZone: TZ, rawDays: 3650 });
  log("rollup_on_reuse", { s: round((performance.now() - t0) / 1000), ...summary });
  await db.execute(sql`analyze`);
}
if (values["network-old"]) {
  // --- Network page and home figure: the old checkout's code against this one's, alternating -----------------------
  const arms = [
    { name: "new", dir: process.cwd() },
    { name: "old", dir: path.resolve(values["network-old"]) },
  ];
  await handle.close(); // an embedded database is opened by one process at a time
  const samples: Record<string, { page: number[]; home: number[]; pageP95: number[]; homeP95: number[] }> =
    {};
  for (const arm of arms) samples[arm.name] = { page: [], home: [], pageP95: [], homeP95: [] };
  const reader = path.resolve(import.meta.dirname, "network-reads.ts");
  for (let r = 0; r < Number(values["network-rounds"]); r++) {
    for (const arm of r % 2 === 0 ? arms : [...arms].reverse()) {
      const out = execFileSync(process.execPath, ["--import", "tsx", reader], {
        cwd: arm.dir,
        env: {
          ...process.env,
          BENCH_TARGET: JSON.stringify(target),
          BENCH_QUERIES: values["network-queries"],
          BENCH_TZ: TZ,
          BENCH_RAW_DAYS: "3650",
          LOG_LEVEL: "silent",
        },
        encoding: "utf8",
        maxBuffer: 16 * 1024 * 1024,
      });
      const result = JSON.parse(out.trim().split("\n").at(-1)!) as {
        page: number[];
        home: number[];
        kiosks: number;
        playsThisMonth: number;
      };
      const mine = samples[arm.name]!;
      mine.page.push(...result.page);
      mine.home.push(...result.home);
      mine.pageP95.push(stats(result.page).p95);
      mine.homeP95.push(stats(result.home).p95);
      log(`network_round ${r + 1} ${arm.name}`, {
        page_p50: round(stats(result.page).p50),
        page_p95: round(stats(result.page).p95),
        home_p50: round(stats(result.home).p50),
        home_p95: round(stats(result.home).p95),
        kiosks: result.kiosks,
        plays_this_month: result.playsThisMonth,
        loadavg: os.loadavg().map(round),
      });
    }
  }
  for (const arm of arms) {
    const mine = samples[arm.name]!;
    const summary = (values: number[]) =>
      Object.fromEntries(Object.entries(stats(values)).map(([k, v]) => [k, round(v)]));
    log(`network_page_ms (${arm.name}, all rounds)`, summary(mine.page));
    log(`network_page_p95_by_round (${arm.name})`, mine.pageP95.map(round));
    log(`home_figure_ms (${arm.name}, all rounds)`, summary(mine.home));
    log(`home_figure_p95_by_round (${arm.name})`, mine.homeP95.map(round));
  }
  if (values["network-only"]) {
    if (values.keep && postgres) log("kept (rerun with --database-url)", postgres.url);
    else if (!REUSE) await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
  handle = await openDatabase(target);
  db = handle.db;
  ingest.db = db;
}
// --- 3. Results page queries -------------------------------------------------------------------------------------
for (const days of [30, 90] as const) {
  for (const kind of ["all", "listing"] as const) {
    const samples: number[] = [];
    for (let q = 0; q < Number(values.queries); q++) {
      const owner = 1 + Math.floor(Math.random() * OWNERS);
      const viewer = { id: `bench-owner-${owner}`, isAdmin: false };
      const listingId = (
        (await db.execute(sql`select md5('biz' || ${owner})::uuid as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id;
      const scope =
        kind === "all" ? ({ kind: "all" } as const) : ({ kind: "listing", id: listingId } as const);
      const t0 = performance.now();
      const answer = await getOwnerResults(db, viewer, { scope, days, timeZone: TZ });
      samples.push(performance.now() - t0);
      if (!answer.ok) throw new Error("no results");
    }
    const s = stats(samples);
    log(
      `results_page_ms (${kind}, ${days} days)`,
      Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v)])),
    );
  }
}
// --- 4. Ingest, into the seeded history ------------------------------------------------------------------------
// Plays name real ads. The fixtures' ids are md5 hashes, not all of them RFC 4122 UUIDs, which a play's ad id
// must be (a device's ids are random v4 UUIDs); only those that are serve here.
const adIds = (
  (await db.execute(sql`select id from ads order by random() limit 1500`)) as unknown as {
    rows: { id: string }[];
  }
).rows
  .map((row) => row.id)
  .filter((id) => z.uuid().safeParse(id).success);
// Honest screens (docs/security.md#proof-of-play): kiosks paired a month ago and served these ads and the house
// slide then, each sending back-to-back plays of them, each batch at its own moment of the last week. They are
// kiosks of their own, so no play of the random history above overlaps theirs. Where plays are not checked (the
// code before that), the served rows are simply not there and nothing else changes.
const INGEST_KIOSKS = 100;
const checksPlays = (
  (await db.execute(sql`select to_regclass('kiosk_served_items') is not null as yes`)) as unknown as {
    rows: { yes: boolean }[];
  }
).rows[0]!.yes;
await db.execute(sql`insert into kiosks (id, label, time_zone, latitude, longitude, paired_at)
  select md5('ingest-kiosk' || i)::uuid, 'Ingest kiosk ' || i, ${TZ}, 34.1, -118.6, now() - interval '30 days'
  from generate_series(1, ${INGEST_KIOSKS}) i on conflict do nothing`);
const ingestKioskIds = (
  (await db.execute(
    sql`select md5('ingest-kiosk' || i)::uuid::text as id from generate_series(1, ${INGEST_KIOSKS}) i`,
  )) as unknown as { rows: { id: string }[] }
).rows.map((row) => row.id);
if (checksPlays) {
  const timing = JSON.stringify({ startsOn: "2020-01-01", endsOn: null, schedule: [] });
  const items = JSON.stringify([
    ...adIds.map((id) => ({ key: `ad:${id}`, ad: id })),
    { key: "house:free-kiosk", ad: null },
  ]);
  await db.execute(sql`insert into kiosk_served_items
      (kiosk_id, item_key, ad_id, served_hash, max_ms, timing, time_zone, first_served_at)
    select k.id::uuid, i.key, i.ad, md5(i.key), 13000, ${timing}::jsonb, ${TZ}, now() - interval '30 days'
    from json_to_recordset(${ingestKioskIds.length ? JSON.stringify(ingestKioskIds.map((id) => ({ id }))) : "[]"}::json) as k(id text),
         json_to_recordset(${items}::json) as i(key text, ad uuid)
    on conflict do nothing`);
}
let slot = 0;
const WEEK_MS = 7 * 24 * 3600_000;
async function ingestRound(writers: number) {
  const batches = Array.from({ length: Number(values.batches) }, () => {
    // Each batch its own 1,000 seconds of the last week, so no two batches of a kiosk overlap.
    const from = Date.now() - WEEK_MS + slot++ * 1_000_000;
    return Array.from({ length: 100 }, (_, n) => {
      const start = from + n * 10_000;
      return {
        id: randomUUID(),
        adId: Math.random() < 0.8 ? adIds[Math.floor(Math.random() * adIds.length)]! : null,
        itemId: "house:free-kiosk:0",
        startedAt: new Date(start).toISOString(),
        endedAt: new Date(start + 10_000).toISOString(),
        completed: true,
      };
    });
  });
  if (slot * 1_000_000 > WEEK_MS)
    throw new Error("more batches than a week of plays: lower --rounds or --batches");
  const kioskIds = batches.map((_, i) => ingestKioskIds[i % ingestKioskIds.length]!);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < batches.length; i = next++) {
        const reply = await recordPlays(ingest, kioskIds[i]!, batches[i]!);
        if (reply.stored !== batches[i]!.length)
          throw new Error(`stored ${reply.stored} of a batch: ${JSON.stringify(reply)}`);
      }
    }),
  );
  return Math.round((batches.length * 100) / ((performance.now() - t0) / 1000));
}
// The two cases alternate round by round, so a busy moment on the machine falls on both alike.
const WRITERS = Number(values.writers);
const rates: Record<string, number[]> = { one: [], many: [] };
for (let r = 0; r < Number(values.rounds); r++) {
  rates.one!.push(await ingestRound(1));
  rates.many!.push(await ingestRound(WRITERS));
}
log("ingest_plays_per_s (batches of 100, one writer)", { rounds: rates.one, ...stats(rates.one!) });
log(`ingest_plays_per_s (batches of 100, ${WRITERS} writers)`, { rounds: rates.many, ...stats(rates.many!) });

log("machine_after", { loadavg: os.loadavg().map(round) });

await handle.close();
if (values.keep && postgres) log("kept (rerun the queries and ingest with --database-url)", postgres.url);
else await postgres?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
