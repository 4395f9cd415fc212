import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adScans, ads, listingEvents, rateLimits } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  PLACES,
} from "../../../tests/support/kiosk-fixtures";
import { scanShortLink } from "../ads/scans";
import { recordListingEvent } from "./listing-events";
import { COUNTED_EVENTS_RULE, dailyVisitorHash, visitorNetwork } from "./visitors";

// Counters that mean people (docs/security.md), as an attacker would try them on a real database: one visitor
// bursting views, calls and scans in parallel with a new User-Agent each time; one address across many listings;
// a QR link edited to credit another kiosk.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0 Safari/537.36`;

describe("counters that mean people", () => {
  let services: TestServices;
  let owner: string;
  let listing: string;
  let ad: string;
  let code: string;

  beforeAll(async () => {
    services = await createTestServices({ SITE_TIMEZONE: "America/Los_Angeles" });
    owner = await insertAdvertiser(services.db);
    listing = await insertListing(services.db, owner, { name: "Burst Bakery" });
    await services.db.execute(sql`update businesses set phone = '(818) 555-0101' where id = ${listing}`);
    ad = await insertAd(services.db, owner, listing);
    [{ code }] = (await services.db.select({ code: ads.shortCode }).from(ads).where(eq(ads.id, ad))) as [
      { code: string },
    ];
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    for (const table of [listingEvents, adScans, rateLimits]) await services.db.delete(table);
  });

  const count = async (table: typeof listingEvents | typeof adScans) =>
    (await services.db.select().from(table)).length;

  it("a parallel burst from one address with a new User-Agent each time counts once per kind and day", async () => {
    const clientIp = "203.0.113.50";
    const burst = Array.from({ length: 40 }, (_, n) => [
      recordListingEvent(services, listing, "view", { userAgent: browser(n), clientIp }),
      recordListingEvent(services, listing, "call", { userAgent: browser(n), clientIp }),
      scanShortLink(services, { code, kioskId: null, userAgent: browser(n), clientIp }),
    ]).flat();
    const answers = await Promise.all(burst);
    const rows = await services.db.select({ kind: listingEvents.kind }).from(listingEvents);
    expect(rows.map((row) => row.kind).sort()).toEqual(["call", "view"]);
    expect(await count(adScans)).toBe(1);
    // Every scan still sends the visitor on, counted or not.
    const scans = answers.filter((answer) => typeof answer === "object");
    expect(scans).toHaveLength(40);
    expect(scans.every((scan) => scan?.location === `/business/${listing}`)).toBe(true);
    expect(scans.filter((scan) => scan?.counted)).toHaveLength(1);
  });

  it("repeats do not use up the address's budget; another listing still counts", async () => {
    const clientIp = "203.0.113.51";
    for (let n = 0; n < COUNTED_EVENTS_RULE.max + 5; n++) {
      await recordListingEvent(services, listing, "view", { userAgent: browser(n), clientIp });
    }
    const other = await insertListing(services.db, owner, { name: "Other Bakery" });
    expect(await recordListingEvent(services, other, "view", { userAgent: browser(1), clientIp })).toBe(true);
  });

  it("one address across many listings adds at most the budget", async () => {
    const clientIp = "203.0.113.52";
    const many = [];
    for (let n = 0; n < COUNTED_EVENTS_RULE.max + 10; n++) many.push(await insertListing(services.db, owner));
    const counted = await Promise.all(
      many.map((id, n) => recordListingEvent(services, id, "view", { userAgent: browser(n), clientIp })),
    );
    expect(counted.filter(Boolean)).toHaveLength(COUNTED_EVENTS_RULE.max);
    expect(await count(listingEvents)).toBe(COUNTED_EVENTS_RULE.max);
    // Another address is not affected.
    expect(
      await recordListingEvent(services, many[0]!, "view", {
        userAgent: browser(0),
        clientIp: "198.51.100.9",
      }),
    ).toBe(true);
  });

  it("addresses in one IPv6 /64 are one visitor", async () => {
    expect(visitorNetwork("2001:db8:1:2:aaaa::1")).toBe(visitorNetwork("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(visitorNetwork("2001:db8:1:3::1")).not.toBe(visitorNetwork("2001:db8:1:2::1"));
    expect(visitorNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(dailyVisitorHash("k", "2025-01-01", "2001:db8:1:2::9")).toBe(
      dailyVisitorHash("k", "2025-01-01", "2001:db8:1:2:9::"),
    );
    expect(dailyVisitorHash("k", "2025-01-01", "198.51.100.7")).not.toBe(
      dailyVisitorHash("k", "2025-01-02", "198.51.100.7"),
    );
    await recordListingEvent(services, listing, "view", {
      userAgent: browser(1),
      clientIp: "2001:db8:9:9::1",
    });
    await recordListingEvent(services, listing, "view", {
      userAgent: browser(2),
      clientIp: "2001:db8:9:9::2",
    });
    expect(await count(listingEvents)).toBe(1);
  });

  it("the next day the same visitor counts again", async () => {
    const clientIp = "203.0.113.53";
    const day1 = new Date("2025-03-03T18:00:00Z");
    const day2 = new Date("2025-03-04T18:00:00Z");
    await recordListingEvent(services, listing, "view", { userAgent: browser(1), clientIp, now: day1 });
    await recordListingEvent(services, listing, "view", { userAgent: browser(1), clientIp, now: day1 });
    await recordListingEvent(services, listing, "view", { userAgent: browser(1), clientIp, now: day2 });
    expect(await count(listingEvents)).toBe(2);
  });

  it("k= credits a kiosk only when that kiosk shows the ad", async () => {
    const showing = await insertKiosk(services.db, { label: "Near", place: PLACES.canogaPark });
    const far = await insertKiosk(services.db, { label: "Far", place: PLACES.newYork });
    const unpaired = await insertKiosk(services.db, { label: "Unpaired", paired: false });
    const scan = (kioskId: string, clientIp: string) =>
      scanShortLink(services, { code, kioskId, userAgent: browser(1), clientIp });
    expect(await scan(far.id, "192.0.2.61")).toMatchObject({ counted: true });
    await scan(unpaired.id, "192.0.2.62");
    await scan("00000000-0000-4000-8000-000000000000", "192.0.2.63");
    await scan(showing.id, "192.0.2.64");
    const rows = await services.db.select({ kioskId: adScans.kioskId }).from(adScans);
    expect(rows.map((row) => row.kioskId).sort()).toEqual([null, null, null, showing.id].sort());
  });
});
