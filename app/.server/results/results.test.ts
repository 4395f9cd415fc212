import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { localTime } from "~/lib/ad-schedule";
import type { HoursSpan, WeeklyHours } from "~/lib/opening-hours";
import {
  adHourlyResults,
  adResultNames,
  adScans,
  ads,
  businessDailyResults,
  businesses,
  kioskPlays,
  kiosks,
  listingEvents,
  resultsRollupMarks,
} from "../infra/db/schema";
import type { Database } from "../infra/db/client";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  insertPlays,
} from "../../../tests/support/kiosk-fixtures";
import { deleteAd } from "../ads/owner-ads";
import { scanShortLink } from "../ads/scans";
import { isHostOpenAt } from "./host-hours";
import { recordListingEvent } from "./listing-events";
import { getNetworkOverview, setPeoplePerPlay } from "./network";
import { getOwnerResults, resultsCsv } from "./owner-results";
import { RESULTS_ROLLUP_JOB, rollUpResults, scheduleResultsRollup } from "./rollup";

// docs/product.md#results, on a real database with the real migrations: what is counted, the roll-ups (exact,
// idempotent, atomic), retention, who sees what, and the admin's network page.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TZ = "America/Los_Angeles";

/** A play `minutesAgo` before now, lasting `seconds`. */
function play(adId: string | null, minutesAgo: number, seconds = 10, completed = true) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  return {
    id: randomUUID(),
    adId,
    startedAt: start.toISOString(),
    endedAt: new Date(start.getTime() + seconds * 1000).toISOString(),
    completed,
  };
}

/** Rolls up as a run a little in the future would: everything written so far is behind its lag. */
function rollUp(db: Database, rawDays = 35, aheadMs = 10_000) {
  return rollUpResults(db, { timeZone: TZ, rawDays, now: new Date(Date.now() + aheadMs) });
}

async function snapshot(db: Database) {
  const hourly = await db
    .select()
    .from(adHourlyResults)
    .orderBy(adHourlyResults.adId, adHourlyResults.hour, adHourlyResults.kioskId);
  const daily = await db
    .select()
    .from(businessDailyResults)
    .orderBy(businessDailyResults.businessId, businessDailyResults.day);
  return { hourly, daily };
}

describe("results", () => {
  let services: TestServices;
  let ownerA: { id: string; isAdmin: boolean };
  let ownerB: { id: string; isAdmin: boolean };
  const admin = { id: "results-admin", isAdmin: true };
  let listingA: string;
  let listingB: string;
  let adA: string;
  let adA2: string;
  let adB: string;
  let kiosk1: string;
  let kiosk2: string;

  beforeAll(async () => {
    services = await createTestServices({ SITE_TIMEZONE: TZ });
    const db = services.db;
    ownerA = { id: await insertAdvertiser(db), isAdmin: false };
    ownerB = { id: await insertAdvertiser(db), isAdmin: false };
    await insertAdvertiser(db, admin.id);
    listingA = await insertListing(db, ownerA.id, { name: "Sunrise Bakery" });
    listingB = await insertListing(db, ownerB.id, { name: "Moonlight Barber" });
    await db.execute(sql`update businesses set phone = '(818) 555-0101', website = 'https://sunrise.example'
                         where id = ${listingA}`);
    adA = await insertAd(db, ownerA.id, listingA, { title: "Fresh bread daily" });
    adA2 = await insertAd(db, ownerA.id, listingA, { title: "Croissant Sundays" });
    adB = await insertAd(db, ownerB.id, listingB, { title: "Fades for less" });
    kiosk1 = (await insertKiosk(db, { label: "Library lobby", hostBusinessId: listingB })).id;
    kiosk2 = (await insertKiosk(db, { label: "Cafe counter" })).id;
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    const db = services.db;
    for (const table of [
      kioskPlays,
      adScans,
      listingEvents,
      adHourlyResults,
      businessDailyResults,
      resultsRollupMarks,
    ]) {
      await db.delete(table);
    }
  });

  it("a batch of plays sent three times counts once", async () => {
    const batch = [play(adA, 30), play(adA, 29), play(adA, 28), play(null, 27)];
    for (let i = 0; i < 3; i++) await insertPlays(services.db, kiosk1, batch);
    await rollUp(services.db);
    const answer = await getOwnerResults(services.db, ownerA, {
      scope: { kind: "all" },
      days: 7,
      timeZone: TZ,
    });
    expect(answer.ok && answer.results.figures.plays).toBe(3);
  });

  it("the figures on the Results page equal the events created, bots excluded", async () => {
    const db = services.db;
    // Plays: 5 of adA on kiosk 1 (10 s each), 3 of adA on kiosk 2 (20 s each), 2 of adA2 on kiosk 2, 4 of adB.
    await insertPlays(
      db,
      kiosk1,
      [1, 2, 3, 4, 5].map((n) => play(adA, 60 + n, 10)),
    );
    await insertPlays(db, kiosk2, [
      ...[1, 2, 3].map((n) => play(adA, 90 + n, 20)),
      play(adA2, 95, 15),
      play(adA2, 96, 15),
    ]);
    await insertPlays(
      db,
      kiosk1,
      [1, 2, 3, 4].map((n) => play(adB, 60 + n, 10)),
    );
    // Scans (each by another visitor): adA twice from kiosk 2, once from kiosk 1; one by a bot; adB once.
    const [{ code: codeA }] = (await db.select({ code: ads.shortCode }).from(ads).where(eq(ads.id, adA))) as [
      { code: string },
    ];
    const [{ code: codeB }] = (await db.select({ code: ads.shortCode }).from(ads).where(eq(ads.id, adB))) as [
      { code: string },
    ];
    const scan = (code: string, kioskId: string | null, clientIp: string, userAgent = BROWSER) =>
      scanShortLink(services, { code, kioskId, userAgent, clientIp });
    await scan(codeA, kiosk2, "203.0.113.7");
    await scan(codeA, kiosk2, "203.0.113.8");
    await scan(codeA, kiosk1, "203.0.113.9");
    await scan(codeA, kiosk1, "203.0.113.10", GOOGLEBOT);
    await scan(codeB, kiosk1, "203.0.113.7");
    // Listing A: 3 visitors' views (the first one's repeats and a bot's view not counted), 2 calls, 1 website
    // visit, 1 directions; listing B: 1 view.
    const visitor = { userAgent: BROWSER, clientIp: "198.51.100.1" };
    const repeats = [];
    for (let i = 0; i < 3; i++) repeats.push(await recordListingEvent(services, listingA, "view", visitor));
    expect(repeats).toEqual([true, false, false]);
    await recordListingEvent(services, listingA, "view", { ...visitor, clientIp: "198.51.100.3" });
    await recordListingEvent(services, listingA, "view", { ...visitor, clientIp: "198.51.100.4" });
    expect(await recordListingEvent(services, listingA, "view", { ...visitor, userAgent: GOOGLEBOT })).toBe(
      false,
    );
    await recordListingEvent(services, listingA, "call", visitor);
    await recordListingEvent(services, listingA, "call", { ...visitor, clientIp: "198.51.100.2" });
    await recordListingEvent(services, listingA, "website", visitor);
    await recordListingEvent(services, listingA, "directions", visitor);
    await recordListingEvent(services, listingB, "view", visitor);
    expect(await recordListingEvent(services, randomUUID(), "view", visitor)).toBe(false);

    await rollUp(db);
    const answer = await getOwnerResults(db, ownerA, { scope: { kind: "all" }, days: 7, timeZone: TZ });
    if (!answer.ok) throw new Error("expected results");
    const { figures, byDay, topKiosks } = answer.results;
    expect(figures).toMatchObject({
      plays: 10,
      screenSeconds: 5 * 10 + 3 * 20 + 2 * 15,
      kiosksReached: 2,
      scans: 3,
      scansPerThousandPlays: 300,
      listingViews: 3,
      uniqueVisitors: 3,
      calls: 2,
      websiteVisits: 1,
      directions: 1,
      emails: 0,
      estimatedImpressions: null,
    });
    expect(byDay).toHaveLength(7);
    expect(byDay.reduce((sum, day) => sum + day.plays, 0)).toBe(10);
    expect(byDay.reduce((sum, day) => sum + day.scans, 0)).toBe(3);
    expect(byDay.at(-1)!.day).toBe(localTime(new Date(), TZ).date);
    expect(topKiosks.map((kiosk) => [kiosk.label, kiosk.scans, kiosk.plays])).toEqual([
      ["Cafe counter", 2, 5],
      ["Library lobby", 1, 5],
    ]);

    // Per ad and per listing.
    const one = await getOwnerResults(db, ownerA, { scope: { kind: "ad", id: adA2 }, days: 7, timeZone: TZ });
    expect(one.ok && one.results.figures).toMatchObject({
      plays: 2,
      screenSeconds: 30,
      kiosksReached: 1,
      scans: 0,
    });
    expect(one.ok && one.results.showsListing).toBe(false);
    const listing = await getOwnerResults(db, ownerA, {
      scope: { kind: "listing", id: listingA },
      days: 30,
      timeZone: TZ,
    });
    expect(listing.ok && listing.results.figures).toMatchObject({
      plays: 10,
      scans: 3,
      listingViews: 3,
      calls: 2,
    });

    // The CSV says the same, day by day.
    const csv = resultsCsv(answer.results).trim().split("\r\n");
    expect(csv[0]).toBe(
      "date,plays,screen_seconds,qr_scans,listing_views,calls,website_visits,emails,directions",
    );
    const totals = csv
      .slice(1)
      .map((line) => line.split(",").slice(1).map(Number))
      .reduce((a, b) => a.map((x, i) => x + b[i]!));
    expect(totals).toEqual([10, 140, 3, 3, 2, 1, 0, 1]);

    // An estimate appears only once an admin sets people per play, and is plays × people.
    expect(await setPeoplePerPlay(db, ownerA, kiosk2, 4)).toMatchObject({ ok: false, status: 403 });
    expect(await setPeoplePerPlay(db, admin, kiosk2, 4)).toEqual({ ok: true });
    const estimated = await getOwnerResults(db, ownerA, { scope: { kind: "all" }, days: 7, timeZone: TZ });
    expect(estimated.ok && estimated.results.figures.estimatedImpressions).toBe(5 * 4);
    await setPeoplePerPlay(db, admin, kiosk2, null);
  });

  it("rolling up again changes nothing; late plays are recounted into their hour, not added twice", async () => {
    const db = services.db;
    await insertPlays(db, kiosk1, [play(adA, 120), play(adA, 121), play(adA, 122)]);
    await recordListingEvent(services, listingA, "view", { userAgent: BROWSER, clientIp: "192.0.2.1" });
    await rollUp(db);
    const first = await snapshot(db);
    await rollUp(db);
    await rollUp(db);
    expect(await snapshot(db)).toEqual(first);
    // The mark moved: a run with no new events recounts nothing.
    expect((await rollUp(db)).hours).toBe(0);

    // A play of the same hour arrives late (a kiosk that was offline), after the last run's mark: its hour is
    // recounted from every raw play of that hour.
    const late = play(adA, 121);
    await insertPlays(db, kiosk1, [late]);
    await db.execute(
      sql`update kiosk_plays set received_at = now() + interval '30 seconds' where id = ${late.id}`,
    );
    await rollUp(db, 35, 60_000);
    const answer = await getOwnerResults(db, ownerA, {
      scope: { kind: "ad", id: adA },
      days: 7,
      timeZone: TZ,
    });
    expect(answer.ok && answer.results.figures.plays).toBe(4);
  });

  it("a roll-up cut short leaves nothing half-done; the next run does the whole work", async () => {
    const db = services.db;
    await insertPlays(db, kiosk1, [play(adA, 10), play(adA, 200)]);
    await recordListingEvent(services, listingA, "call", { userAgent: BROWSER, clientIp: "192.0.2.1" });
    // The process dies mid-run: the third statement inside the transaction fails.
    let statements = 0;
    const dying = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get(inner, name, r) {
                  if (name !== "execute") return Reflect.get(inner, name, r);
                  return (query: unknown) => {
                    if (++statements === 6) throw new Error("killed");
                    return (inner.execute as (q: unknown) => unknown)(query);
                  };
                },
              }),
            ),
          );
      },
    }) as Database;
    await expect(rollUp(dying)).rejects.toThrow("killed");
    expect(await db.select().from(adHourlyResults)).toEqual([]);
    expect(await db.select().from(resultsRollupMarks)).toEqual([]);
    await rollUp(db);
    const answer = await getOwnerResults(db, ownerA, { scope: { kind: "all" }, days: 7, timeZone: TZ });
    expect(answer.ok && [answer.results.figures.plays, answer.results.figures.calls]).toEqual([2, 1]);
  });

  it("runs as a job: queued once per period, and it queues the next period's run itself", async () => {
    const db = services.db;
    await insertPlays(db, kiosk2, [play(adA, 15)]);
    await scheduleResultsRollup(db, 300);
    await scheduleResultsRollup(db, 300);
    const queued = await db.execute(
      sql`select count(*)::int as n from jobs where kind = ${RESULTS_ROLLUP_JOB} and state = 'pending'`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The run reads events older than its lag: pretend these arrived a minute ago.
    await db.execute(sql`update kiosk_plays set received_at = now() - interval '1 minute'`);
    services.jobs.start();
    try {
      await expect
        .poll(async () => (await db.select().from(adHourlyResults)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const rows = await db.execute(sql`select count(*)::int as n from jobs
            where kind = ${RESULTS_ROLLUP_JOB} and state = 'pending' and run_at > now()`);
          return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
        })
        .toBe(1);
    } finally {
      await services.jobs.stop();
    }
  });

  it("keeps only roll-ups past the raw window", async () => {
    const db = services.db;
    const old = play(adA, 40 * 24 * 60);
    await insertPlays(db, kiosk1, [old, play(adA, 5)]);
    await rollUp(db, 3650);
    await rollUp(db, 35);
    expect((await db.select().from(kioskPlays)).map((row) => row.id)).not.toContain(old.id);
    expect(await db.select().from(kioskPlays)).toHaveLength(1);
    const answer = await getOwnerResults(db, ownerA, {
      scope: { kind: "ad", id: adA },
      days: 90,
      timeZone: TZ,
    });
    expect(answer.ok && answer.results.figures.plays).toBe(2);
  });

  it("a deleted ad keeps its totals and its name", async () => {
    const db = services.db;
    const doomed = await insertAd(db, ownerA.id, listingA, { title: "Summer pies" });
    await insertPlays(db, kiosk1, [play(doomed, 3), play(doomed, 4)]);
    expect(await deleteAd(services, ownerA, doomed)).toEqual({ ok: true });
    await rollUp(db);
    const answer = await getOwnerResults(db, ownerA, {
      scope: { kind: "ad", id: doomed },
      days: 7,
      timeZone: TZ,
    });
    if (!answer.ok) throw new Error("expected the deleted ad's results");
    expect(answer.results.scopeName).toBe("Summer pies");
    expect(answer.results.figures.plays).toBe(2);
    expect(answer.results.ads.find((ad) => ad.id === doomed)).toMatchObject({
      name: "Summer pies",
      deleted: true,
    });
    const [name] = await db.select().from(adResultNames).where(eq(adResultNames.adId, doomed));
    expect(name).toMatchObject({ userId: ownerA.id, businessId: listingA });
  });

  it("an owner sees only their own results; an admin may see anyone's", async () => {
    const db = services.db;
    await insertPlays(db, kiosk1, [play(adA, 5), play(adB, 6)]);
    await recordListingEvent(services, listingA, "view", { userAgent: BROWSER, clientIp: "192.0.2.9" });
    await rollUp(db);
    const options = { days: 30 as const, timeZone: TZ };
    expect(
      await getOwnerResults(db, ownerB, { ...options, scope: { kind: "listing", id: listingA } }),
    ).toEqual({
      ok: false,
      status: 404,
    });
    expect(await getOwnerResults(db, ownerB, { ...options, scope: { kind: "ad", id: adA } })).toEqual({
      ok: false,
      status: 404,
    });
    const mine = await getOwnerResults(db, ownerB, { ...options, scope: { kind: "all" } });
    if (!mine.ok) throw new Error("expected results");
    expect(mine.results.figures).toMatchObject({ plays: 1, listingViews: 0 });
    expect(mine.results.ads.map((ad) => ad.id)).toEqual([adB]);
    expect(mine.results.listings.map((listing) => listing.id)).toEqual([listingB]);
    const asAdmin = await getOwnerResults(db, admin, {
      ...options,
      scope: { kind: "listing", id: listingA },
    });
    expect(asAdmin.ok && asAdmin.results.figures).toMatchObject({ plays: 1, listingViews: 1 });
  });

  it("the network page: state, plays today, review queue, top lists, offline alerts; admins only", async () => {
    const db = services.db;
    const silent = await insertKiosk(db, { label: "Silent screen", hostBusinessId: listingA });
    await db
      .update(kiosks)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(kiosks.id, silent.id));
    await db.update(kiosks).set({ lastSeenAt: new Date() }).where(eq(kiosks.id, kiosk1));
    await db
      .update(kiosks)
      .set({ lastSeenAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(kiosks.id, kiosk2));
    // A screen and an ad of this test's own, so what earlier tests counted does not enter its figures; the plays are
    // seconds old, so they are today's whatever the hour (a run just after midnight in Los Angeles too).
    const lobby = (await insertKiosk(db, { label: "Network lobby", hostBusinessId: listingB })).id;
    await db.update(kiosks).set({ lastSeenAt: new Date() }).where(eq(kiosks.id, lobby));
    const adN = await insertAd(db, ownerA.id, listingA, { title: "Network bread" });
    const todays = [play(adN, 0.1), play(adN, 0.2), play(null, 0.3)];
    await insertPlays(db, lobby, todays);
    // An earlier test left the roll-up's mark a minute ahead of the clock; these arrive after it, as plays do.
    await db.execute(
      sql`update kiosk_plays set received_at = now() + interval '2 minutes'
          where id in (${sql.join(
            todays.map((one) => sql`${one.id}::uuid`),
            sql`, `,
          )})`,
    );
    const [{ code }] = (await db.select({ code: ads.shortCode }).from(ads).where(eq(ads.id, adN))) as [
      { code: string },
    ];
    await scanShortLink(services, { code, kioskId: lobby, userAgent: BROWSER, clientIp: "192.0.2.2" });
    // A scan is rolled up by when it happened: after that mark too.
    await db.execute(sql`update ad_scans set scanned_at = now() + interval '2 minutes' where ad_id = ${adN}`);
    await rollUp(db, 35, 180_000);

    expect(await getNetworkOverview(db, ownerA, { timeZone: TZ, rawDays: 35 })).toMatchObject({
      ok: false,
      status: 403,
    });
    const overview = await getNetworkOverview(db, admin, { timeZone: TZ, rawDays: 35 });
    if (!overview.ok) throw new Error("expected the overview");
    const byLabel = Object.fromEntries(overview.kiosks.map((kiosk) => [kiosk.label, kiosk]));
    // (The scan names the lobby, but no manifest served it the ad, so it is credited to no kiosk: docs/product.md#ads.)
    expect(byLabel["Network lobby"]).toMatchObject({ online: true, playsToday: 3, scans30: 0 });
    expect(byLabel["Library lobby"]).toMatchObject({ online: true });
    expect(byLabel["Cafe counter"]).toMatchObject({ online: false });
    // Offline for two hours with a host that has no known hours (open at any time): an alert. Half an hour: none.
    expect(overview.alerts.map((alert) => alert.label)).toEqual(["Silent screen"]);
    expect(overview.topAds.find((ad) => ad.id === adN)).toMatchObject({
      title: "Network bread",
      scans: 1,
      plays: 2,
    });
    expect(overview.topKiosks.map((kiosk) => kiosk.label)).toContain("Network lobby");
    expect(overview.adsAwaitingReview).toBe(0);
    expect(isHostOpenAt(null, new Date())).toBe(true);
    // The same silent screen while its host is closed (open only an hour that has passed in the host's time
    // zone, every day of the week): no alert, since nobody is there to see it.
    const closedAllDay = Object.fromEntries(
      ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [] as HoursSpan[]]),
    ) as WeeklyHours;
    await db.update(businesses).set({ hours: closedAllDay, timeZone: TZ }).where(eq(businesses.id, listingA));
    const whileClosed = await getNetworkOverview(db, admin, { timeZone: TZ, rawDays: 35 });
    if (!whileClosed.ok) throw new Error("expected the overview");
    expect(whileClosed.alerts).toEqual([]);
    const openAllWeek = Object.fromEntries(
      ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [
        day,
        [{ opens: "00:00", closes: "24:00" }],
      ]),
    ) as WeeklyHours;
    expect(isHostOpenAt({ hours: openAllWeek, timeZone: TZ }, new Date())).toBe(true);
    expect(isHostOpenAt({ hours: closedAllDay, timeZone: TZ }, new Date())).toBe(false);
    await db.update(businesses).set({ hours: null }).where(eq(businesses.id, listingA));
    await db.delete(kiosks).where(eq(kiosks.id, silent.id));
  });
});
