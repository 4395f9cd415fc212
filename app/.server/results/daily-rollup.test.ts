import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localTime } from "~/lib/ad-schedule";
import { NETWORK_DAYS } from "~/lib/results";
import { queryRows, openDatabase, type Database } from "../infra/db/client";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
} from "../../../tests/support/kiosk-fixtures";
import { getNetworkOverview } from "./network";
import { readListingPlaysThisMonth, readNetworkFigures } from "./network-figures";
import { addDays } from "./owner-results";
import { rollUpResults } from "./rollup";

// The daily roll-ups per kiosk and per ad, checked against the raw events they count (docs/product.md#results,
// docs/decisions/090-daily-roll-ups-and-one-moment.md): for random histories in a whole-hour and a half-hour time
// zone, whatever runs of the roll-up have happened, every figure of the network page and the public figures equals
// the same figure counted straight from the raw plays and scans, and the daily rows equal the raw events of their
// day received up to the mark.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

/** A small deterministic generator (mulberry32), so a failing history can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RAW_DAYS = 60;

describe("daily roll-ups", () => {
  let services: TestServices;
  let db: Database;
  const admin = { id: "daily-admin", isAdmin: true };
  let kioskIds: string[] = [];
  let adIds: string[] = [];
  let listingId: string;

  beforeAll(async () => {
    services = await createTestServices();
    db = services.db;
    const owner = await insertAdvertiser(db);
    listingId = await insertListing(db, owner);
    const other = await insertListing(db, owner, { name: "Other shop" });
    adIds = [
      await insertAd(db, owner, listingId, { title: "Bread" }),
      await insertAd(db, owner, listingId, { title: "Cakes" }),
      await insertAd(db, owner, other, { title: "Coffee" }),
    ];
    kioskIds = [];
    for (const label of ["A", "B", "C"]) kioskIds.push((await insertKiosk(db, { label })).id);
  }, 120_000);

  afterAll(async () => {
    await services?.close();
  });

  async function reset() {
    await db.execute(sql`delete from kiosk_plays`);
    await db.execute(sql`delete from ad_scans`);
    await db.execute(sql`delete from ad_hourly_results`);
    await db.execute(sql`delete from kiosk_daily_results`);
    await db.execute(sql`delete from ad_daily_results`);
    await db.execute(sql`delete from results_rollup_marks`);
  }

  /**
   * A random history: plays over the last 40 days (a fifth of them house slides), each received between a second and
   * three days after it started (a screen that was offline sends late), never after `now`; and QR scans.
   */
  async function seedHistory(seed: number, now: number) {
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const plays = Array.from({ length: 400 }, () => {
      const started = now - Math.floor(next() * 40 * DAY) - 60_000;
      const received = Math.min(now - 1000, started + 1000 + Math.floor(next() * 3 * DAY));
      return {
        kiosk: pick(kioskIds),
        ad: next() < 0.2 ? null : pick(adIds),
        started: new Date(started).toISOString(),
        ended: new Date(started + 5_000 + Math.floor(next() * 20_000)).toISOString(),
        completed: next() < 0.9,
        received: new Date(received).toISOString(),
      };
    });
    await db.execute(sql`insert into kiosk_plays (id, kiosk_id, ad_id, started_at, ended_at, completed, received_at)
      select gen_random_uuid(), p.kiosk, p.ad, p.started, p.ended, p.completed, p.received
      from json_to_recordset(${JSON.stringify(plays)}::json)
        as p(kiosk uuid, ad uuid, started timestamptz, ended timestamptz, completed boolean, received timestamptz)`);
    const scans = Array.from({ length: 60 }, () => ({
      ad: pick(adIds),
      kiosk: next() < 0.2 ? null : pick(kioskIds),
      at: new Date(now - Math.floor(next() * 40 * DAY) - 1000).toISOString(),
    }));
    await db.execute(sql`insert into ad_scans (ad_id, kiosk_id, scanned_at)
      select s.ad, s.kiosk, s.at from json_to_recordset(${JSON.stringify(scans)}::json)
        as s(ad uuid, kiosk uuid, at timestamptz)`);
  }

  /** The network page's and the public figures' numbers, counted straight from the raw events. */
  async function fromRaw(timeZone: string, now: Date) {
    const today = localTime(now, timeZone).date;
    const since = addDays(today, -(NETWORK_DAYS - 1));
    const month = `${today.slice(0, 7)}-01`;
    const day = (column: string) => sql.raw(`(${column} at time zone '${timeZone}')::date`);
    const kiosks = await queryRows<{ id: string; today: number; plays: number; scans: number }>(
      db,
      sql`select k.id,
                 (select count(*) from kiosk_plays p where p.kiosk_id = k.id and ${day("p.started_at")} = ${today}::date)::int as today,
                 (select count(*) from kiosk_plays p where p.kiosk_id = k.id and ${day("p.started_at")} >= ${since}::date)::int as plays,
                 (select count(*) from ad_scans s where s.kiosk_id = k.id and ${day("s.scanned_at")} >= ${since}::date)::int as scans
          from kiosks k where k.retired_at is null`,
    );
    const ads = await queryRows<{ id: string; plays: number; scans: number }>(
      db,
      sql`select a.id,
                 (select count(*) from kiosk_plays p where p.ad_id = a.id and ${day("p.started_at")} >= ${since}::date)::int as plays,
                 (select count(*) from ad_scans s where s.ad_id = a.id and ${day("s.scanned_at")} >= ${since}::date)::int as scans
          from ads a`,
    );
    const [month_] = await queryRows<{ all: number; listing: number }>(
      db,
      sql`select (select count(*) from kiosk_plays p where p.ad_id is not null and ${day("p.started_at")} >= ${month}::date)::int as all,
                 (select count(*) from kiosk_plays p join ads a on a.id = p.ad_id
                  where a.business_id = ${listingId}::uuid and ${day("p.started_at")} >= ${month}::date)::int as listing`,
    );
    return { kiosks, ads, month: month_! };
  }

  /** What the pages read, from the roll-ups and the events received after the mark. */
  async function fromPages(timeZone: string, now: Date) {
    const overview = await getNetworkOverview(db, admin, { timeZone, rawDays: RAW_DAYS, now });
    if (!overview.ok) throw new Error("expected the overview");
    const figures = await readNetworkFigures(db, { timeZone, rawDays: RAW_DAYS, now });
    const listing = await readListingPlaysThisMonth(db, listingId, { timeZone, rawDays: RAW_DAYS, now });
    return { overview, figures, listing };
  }

  async function expectAgreement(timeZone: string, now: Date) {
    const raw = await fromRaw(timeZone, now);
    const pages = await fromPages(timeZone, now);
    const byId = new Map(pages.overview.kiosks.map((kiosk) => [kiosk.id, kiosk]));
    for (const kiosk of raw.kiosks) {
      expect(byId.get(kiosk.id)).toMatchObject({
        playsToday: kiosk.today,
        plays30: kiosk.plays,
        scans30: kiosk.scans,
      });
      // Today is one of the 30 days: the two columns can never contradict each other.
      expect(byId.get(kiosk.id)!.plays30).toBeGreaterThanOrEqual(byId.get(kiosk.id)!.playsToday);
    }
    expect(pages.overview.playsToday).toBe(raw.kiosks.reduce((sum, kiosk) => sum + kiosk.today, 0));
    const expectedTop = raw.ads
      .filter((ad) => ad.plays > 0 || ad.scans > 0)
      .sort((a, b) => b.scans - a.scans || b.plays - a.plays);
    const topById = new Map(pages.overview.topAds.map((ad) => [ad.id, ad]));
    for (const ad of expectedTop) {
      if (topById.has(ad.id)) expect(topById.get(ad.id)).toMatchObject({ plays: ad.plays, scans: ad.scans });
    }
    expect(pages.overview.topAds.map((ad) => ad.scans)).toEqual(
      expectedTop.slice(0, 5).map((ad) => ad.scans),
    );
    expect(pages.figures.playsThisMonth).toBe(raw.month.all);
    expect(pages.listing).toBe(raw.month.listing);
  }

  /** Every daily row equals the raw events of its day received up to the roll-up's mark, and no day is missing. */
  async function expectDailyRowsExact(timeZone: string) {
    const day = (column: string) => sql.raw(`(${column} at time zone '${timeZone}')::date`);
    const mismatches = await queryRows<{ kiosk_id: string; day: string }>(
      db,
      sql`with mark as (select rolled_up_to as m from results_rollup_marks where name = 'events'),
               raw as (
                 select kiosk_id, day, sum(plays) as plays, sum(ad_plays) as ad_plays, sum(scans) as scans from (
                   select p.kiosk_id, ${day("p.started_at")} as day, 1 as plays, (p.ad_id is not null)::int as ad_plays,
                          0 as scans
                   from kiosk_plays p, mark where p.received_at <= mark.m
                   union all
                   select coalesce(s.kiosk_id, '00000000-0000-0000-0000-000000000000'::uuid), ${day("s.scanned_at")},
                          0, 0, 1
                   from ad_scans s, mark where s.scanned_at <= mark.m
                 ) e group by kiosk_id, day
               )
          select coalesce(r.kiosk_id, d.kiosk_id) as kiosk_id, coalesce(r.day, d.day)::text as day
          from raw r full join kiosk_daily_results d on d.kiosk_id = r.kiosk_id and d.day = r.day
          where r.plays is distinct from d.plays or r.ad_plays is distinct from d.ad_plays
             or r.scans is distinct from d.scans`,
    );
    expect(mismatches).toEqual([]);
    const adMismatches = await queryRows<{ ad_id: string; day: string }>(
      db,
      sql`with mark as (select rolled_up_to as m from results_rollup_marks where name = 'events'),
               raw as (
                 select ad_id, day, sum(plays) as plays, sum(completed) as completed, sum(screen_ms) as screen_ms,
                        sum(scans) as scans from (
                   select coalesce(p.ad_id, '00000000-0000-0000-0000-000000000000'::uuid) as ad_id,
                          ${day("p.started_at")} as day, 1 as plays, p.completed::int as completed,
                          (extract(epoch from (p.ended_at - p.started_at)) * 1000)::bigint as screen_ms, 0 as scans
                   from kiosk_plays p, mark where p.received_at <= mark.m
                   union all
                   select s.ad_id, ${day("s.scanned_at")}, 0, 0, 0, 1 from ad_scans s, mark where s.scanned_at <= mark.m
                 ) e group by ad_id, day
               )
          select coalesce(r.ad_id, d.ad_id) as ad_id, coalesce(r.day, d.day)::text as day
          from raw r full join ad_daily_results d on d.ad_id = r.ad_id and d.day = r.day
          where r.plays is distinct from d.plays or r.completed is distinct from d.completed_plays
             or r.screen_ms is distinct from d.screen_ms or r.scans is distinct from d.scans`,
    );
    expect(adMismatches).toEqual([]);
  }

  async function dailySnapshot() {
    return {
      kiosks: await queryRows(db, sql`select * from kiosk_daily_results order by kiosk_id, day`),
      ads: await queryRows(db, sql`select * from ad_daily_results order by ad_id, day`),
    };
  }

  for (const [seed, timeZone] of [
    [1, "America/Los_Angeles"],
    [2, "Asia/Kolkata"],
    [3, "America/Los_Angeles"],
  ] as const) {
    it(`history ${seed} (${timeZone}): the pages' figures equal the raw counts before, between and after roll-ups`, async () => {
      await reset();
      const now = new Date();
      await seedHistory(seed, now.getTime());
      // No roll-up yet: every figure comes from the raw events.
      await expectAgreement(timeZone, now);
      // Runs at moments in the past: each counts only what was received by then; the rest is read raw.
      for (const daysAgo of [3, 2, 1, 0.25]) {
        await rollUpResults(db, {
          timeZone,
          rawDays: RAW_DAYS,
          now: new Date(now.getTime() - daysAgo * DAY),
        });
        await expectDailyRowsExact(timeZone);
        await expectAgreement(timeZone, now);
      }
      // A run after everything: the same figures, now wholly from the roll-ups; running it again changes nothing.
      await rollUpResults(db, { timeZone, rawDays: RAW_DAYS, now: new Date(now.getTime() + 10_000) });
      await expectDailyRowsExact(timeZone);
      await expectAgreement(timeZone, now);
      const before = await dailySnapshot();
      await rollUpResults(db, { timeZone, rawDays: RAW_DAYS, now: new Date(now.getTime() + 20_000) });
      expect(await dailySnapshot()).toEqual(before);
    }, 240_000);
  }

  it("the first run builds the daily rows of days older than the raw window from the hourly rows", async () => {
    await reset();
    const now = new Date();
    await seedHistory(7, now.getTime());
    // A network whose roll-up ran before the daily rows existed: hourly rows only, and raw events past 35 days gone.
    await rollUpResults(db, {
      timeZone: "America/Los_Angeles",
      rawDays: RAW_DAYS,
      now: new Date(now.getTime() + 10_000),
    });
    await db.execute(sql`delete from kiosk_daily_results`);
    await db.execute(sql`delete from ad_daily_results`);
    await db.execute(sql`delete from results_rollup_marks where name = 'daily'`);
    const expected = await queryRows<{ kiosk_id: string; day: string; plays: number; scans: number }>(
      db,
      sql`select kiosk_id, (hour at time zone 'America/Los_Angeles')::date::text as day, sum(plays)::int as plays,
                 sum(scans)::int as scans
          from ad_hourly_results group by 1, 2 order by 1, 2`,
    );
    await rollUpResults(db, {
      timeZone: "America/Los_Angeles",
      rawDays: 35,
      now: new Date(now.getTime() + 20_000),
    });
    const built = await queryRows<{ kiosk_id: string; day: string; plays: number; scans: number }>(
      db,
      sql`select kiosk_id, day::text as day, plays, scans from kiosk_daily_results order by 1, 2`,
    );
    expect(built).toEqual(expected);
    const adTotals = await queryRows<{ plays: number; hourly: number }>(
      db,
      sql`select (select sum(plays) from ad_daily_results)::int as plays,
                 (select sum(plays) from ad_hourly_results)::int as hourly`,
    );
    expect(adTotals[0]!.plays).toBe(adTotals[0]!.hourly);
    expect(adTotals[0]!.plays).toBeGreaterThan(0);
  }, 240_000);

  it("two instances rolling up at once give the same rows as one", async () => {
    await reset();
    const now = new Date();
    await seedHistory(11, now.getTime());
    // A second handle on the same database: another instance (PostgreSQL); in memory, the same handle twice.
    const target = (services.database as { target?: Parameters<typeof openDatabase>[0] }).target;
    const second = target && "databaseUrl" in target ? await openDatabase(target) : null;
    try {
      const options = {
        timeZone: "America/Los_Angeles",
        rawDays: RAW_DAYS,
        now: new Date(now.getTime() + 10_000),
      };
      await Promise.all([rollUpResults(db, options), rollUpResults(second?.db ?? db, options)]);
      await expectDailyRowsExact("America/Los_Angeles");
      await expectAgreement("America/Los_Angeles", now);
    } finally {
      await second?.close();
    }
  }, 240_000);
});
