import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BusinessSchema } from "~/lib/business-schemas";
import { figureTiles, seenThisMonth, type NetworkFigures } from "~/lib/network-figures";
import { adHourlyResults, ads, businesses, kioskPlays, kiosks, resultsRollupMarks } from "../infra/db/schema";
import { queryRows, type Database } from "../infra/db/client";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  insertPlays,
} from "../../../tests/support/kiosk-fixtures";
import { listPartnerCities } from "../businesses/map-partners";
import { getBusiness } from "../businesses/directory";
import { updateBusiness } from "../businesses/manage";
import {
  NetworkFiguresCache,
  networkFigures,
  readListingPlaysThisMonth,
  readNetworkFigures,
} from "./network-figures";
import { rollUpResults } from "./rollup";

// docs/product.md#home, #about and #one-business, on a real database with the real migrations: the public figures
// count what was created (partners as the map counts them, live kiosks, this month's ad plays rolled up or not yet),
// and a listing's "Seen N times" is the owner's choice, off by default, theirs alone to make.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const TZ = "America/Los_Angeles";
const MONTH = { timeZone: TZ, rawDays: 35 };

describe("proof in public", () => {
  let services: TestServices;
  let db: Database;
  let monthStart: number;
  let owner: { id: string; isAdmin: boolean };
  let other: { id: string; isAdmin: boolean };
  const admin = { id: "figures-admin", isAdmin: true };

  /** A play this month in TZ, `secondsAgo` before now (never before the month began). */
  function play(adId: string | null, secondsAgo: number) {
    const start = new Date(Math.max(monthStart + 60_000, Date.now() - secondsAgo * 1000));
    return {
      id: randomUUID(),
      adId,
      startedAt: start.toISOString(),
      endedAt: new Date(start.getTime() + 10_000).toISOString(),
      completed: true,
    };
  }

  /** A play on the last day of the previous month. */
  function lastMonth(adId: string) {
    const start = new Date(monthStart - 3_600_000);
    return {
      ...play(adId, 0),
      startedAt: start.toISOString(),
      endedAt: new Date(start.getTime() + 10_000).toISOString(),
    };
  }

  /**
   * A roll-up run that read everything written so far, its mark then set to the last play it read (a real run's
   * mark is never ahead of the clock), so plays written afterwards are the ones it has not read.
   */
  async function rollUp() {
    await rollUpResults(db, { ...MONTH, now: new Date(Date.now() + 10_000) });
    await db.update(resultsRollupMarks).set({ rolledUpTo: sql`(select max(received_at) from kiosk_plays)` });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  beforeAll(async () => {
    services = await createTestServices({ SITE_TIMEZONE: TZ });
    db = services.db;
    owner = { id: await insertAdvertiser(db), isAdmin: false };
    other = { id: await insertAdvertiser(db), isAdmin: false };
    await insertAdvertiser(db, admin.id);
    const [row] = await queryRows<{ ms: string }>(
      db,
      sql`select (extract(epoch from (date_trunc('month', now() at time zone ${TZ}) at time zone ${TZ})) * 1000)::text as ms`,
    );
    monthStart = Number(row!.ms);
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    for (const table of [kioskPlays, adHourlyResults, resultsRollupMarks, kiosks, ads, businesses]) {
      await db.delete(table);
    }
  });

  it("counts published listings as partners, as the map does", async () => {
    await insertListing(db, owner.id, { name: "Sunrise Bakery" });
    await insertListing(db, owner.id, { name: "Moonlight Barber" });
    const pending = await insertListing(db, owner.id, { name: "Pending Plumbing" });
    const unpublished = await insertListing(db, other.id, { name: "Gone Garage" });
    await db.update(businesses).set({ status: "pending" }).where(eq(businesses.id, pending));
    await db.update(businesses).set({ status: "unpublished" }).where(eq(businesses.id, unpublished));

    const figures = await readNetworkFigures(db, MONTH);
    expect(figures.partners).toBe(2);
    const cities = await listPartnerCities(db);
    expect(cities.reduce((sum, city) => sum + city.partners, 0)).toBe(figures.partners);
  });

  it("counts kiosks paired with a screen and not retired", async () => {
    await insertKiosk(db, { label: "Live one" });
    await insertKiosk(db, { label: "Live two" });
    await insertKiosk(db, { label: "Waiting for its screen", paired: false });
    const retired = await insertKiosk(db, { label: "Retired" });
    await db.update(kiosks).set({ retiredAt: new Date() }).where(eq(kiosks.id, retired.id));

    expect((await readNetworkFigures(db, MONTH)).kiosks).toBe(2);
  });

  it("counts this month's ad plays exactly: raw, rolled up, and both together", async () => {
    const listing = await insertListing(db, owner.id);
    const ad = await insertAd(db, owner.id, listing);
    const kiosk = (await insertKiosk(db)).id;
    // 3 ad plays this month, a house slide (not an ad) and a play last month: 3.
    await insertPlays(db, kiosk, [play(ad, 30), play(ad, 20), play(ad, 10), play(null, 5), lastMonth(ad)]);
    expect((await readNetworkFigures(db, MONTH)).playsThisMonth).toBe(3);
    await rollUp();
    expect((await readNetworkFigures(db, MONTH)).playsThisMonth).toBe(3);
    // Two more arrive after the roll-up (one of them a batch sent twice): counted before the next run, once after.
    const late = [play(ad, 4), play(ad, 3)];
    await insertPlays(db, kiosk, late);
    await insertPlays(db, kiosk, late);
    expect((await readNetworkFigures(db, MONTH)).playsThisMonth).toBe(5);
    await rollUp();
    const figures = await readNetworkFigures(db, MONTH);
    expect(figures.playsThisMonth).toBe(5);
    expect(figures.month).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it("counts a listing's plays this month from its own ads only", async () => {
    const mine = await insertListing(db, owner.id, { name: "Sunrise Bakery" });
    const theirs = await insertListing(db, other.id, { name: "Moonlight Barber" });
    const adA = await insertAd(db, owner.id, mine, { title: "Bread" });
    const adA2 = await insertAd(db, owner.id, mine, { title: "Croissants" });
    const adB = await insertAd(db, other.id, theirs, { title: "Fades" });
    const kiosk = (await insertKiosk(db)).id;
    await insertPlays(db, kiosk, [
      play(adA, 50),
      play(adA, 40),
      play(adA2, 30),
      play(adB, 20),
      play(null, 10),
      lastMonth(adA),
    ]);
    expect(await readListingPlaysThisMonth(db, mine, MONTH)).toBe(3);
    expect(await readListingPlaysThisMonth(db, theirs, MONTH)).toBe(1);
    await rollUp();
    await insertPlays(db, kiosk, [play(adA, 5)]);
    expect(await readListingPlaysThisMonth(db, mine, MONTH)).toBe(4);
    expect(await readListingPlaysThisMonth(db, randomUUID(), MONTH)).toBe(0);
    expect(await readListingPlaysThisMonth(db, "not-a-uuid", MONTH)).toBe(0);
  });

  it("shows the plays line only by the owner's choice, which another owner cannot make and an admin can", async () => {
    const listing = await insertListing(db, owner.id, { name: "Sunrise Bakery" });
    const form = (fields: Record<string, string> = {}) => ({
      input: BusinessSchema.parse({
        name: "Sunrise Bakery",
        industry: "food-industry",
        address: "1 Main St",
        city: "Woodland Hills",
        state: "CA",
        zip_code: "91364",
        ...fields,
      }),
      position: null,
      images: {},
    });
    const shows = async () => (await getBusiness(db, listing))!.showKioskPlays;

    // Off by default, and a form without the box leaves it off.
    expect(await shows()).toBe(false);
    expect(form().input.show_kiosk_plays).toBe(false);

    // Another owner's save matches no row: nothing changes.
    expect(await updateBusiness(db, other, listing, form({ show_kiosk_plays: "on" }))).toBeNull();
    expect(await shows()).toBe(false);

    const saved = await updateBusiness(db, owner, listing, form({ show_kiosk_plays: "on" }));
    expect(saved?.showKioskPlays).toBe(true);
    expect(await shows()).toBe(true);

    // An admin can turn it off (and the owner stays the owner).
    expect((await updateBusiness(db, admin, listing, form()))?.showKioskPlays).toBe(false);
    const [row] = await db.select().from(businesses).where(eq(businesses.id, listing));
    expect(row!.userId).toBe(owner.id);
  });

  it("reads the figures once a minute per server, answering the last ones while the next are read", async () => {
    const first = { partners: 1, kiosks: 1, playsThisMonth: 10, month: "2026-06-01" };
    const second = { ...first, playsThisMonth: 12 };
    const read = vi
      .fn<(now: Date) => Promise<NetworkFigures>>()
      .mockResolvedValueOnce(first)
      .mockRejectedValueOnce(new Error("database away"))
      .mockResolvedValueOnce(second);
    const cache = new NetworkFiguresCache(read, 60_000);
    const t0 = Date.parse("2026-06-10T12:00:00Z");
    const at = (ms: number) => new Date(t0 + ms);

    expect(await cache.get(at(0))).toEqual(first);
    expect(await cache.get(at(59_000))).toEqual(first);
    expect(read).toHaveBeenCalledTimes(1);
    // Expired: the old figures at once; the read that fails keeps them.
    expect(await cache.get(at(61_000))).toEqual(first);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(at(62_000))).toEqual(first);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(at(63_000))).toEqual(second);
    expect(read).toHaveBeenCalledTimes(3);

    // A first read that fails answers null: the pages leave the figures out rather than fail.
    const broken = new NetworkFiguresCache(() => Promise.reject(new Error("database away")));
    expect(await broken.get()).toBeNull();
  });

  it("serves the services' cached figures to the pages", async () => {
    await insertListing(db, owner.id);
    const figures = await networkFigures(services);
    expect(figures?.partners).toBe(1);
    await insertListing(db, owner.id, { name: "Another" });
    // Within the minute, the same figures.
    expect((await networkFigures(services))?.partners).toBe(1);
  });

  it("words the figures and the plays line, a fresh network included", () => {
    const tiles = figureTiles({ partners: 1234, kiosks: 1, playsThisMonth: 56789, month: "2026-06-01" });
    expect(tiles.map((tile) => `${tile.value} ${tile.label}`)).toEqual([
      "1,234 partner businesses in the directory",
      "1 kiosk lit up in a partner shop",
      "56,789 local ad plays in June",
    ]);
    const fresh = figureTiles({ partners: 0, kiosks: 0, playsThisMonth: 0, month: "2026-01-01" });
    expect(fresh.every((tile) => !tile.counted && !/\b0\b/.test(tile.value))).toBe(true);
    expect(fresh[2]!.label).toContain("January");
    expect(seenThisMonth(12345)).toBe("Seen 12,345 times on Local Shine kiosks this month");
    expect(seenThisMonth(1)).toBe("Seen 1 time on Local Shine kiosks this month");
  });
});
