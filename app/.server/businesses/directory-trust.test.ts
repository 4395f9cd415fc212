import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BusinessSchema } from "~/lib/business-schemas";
import { emptyWeek, type WeeklyHours } from "~/lib/opening-hours";
import { businessOpenSpans, businesses, kiosks, outbox, users } from "../infra/db/schema";
import { listSitemapEntries } from "../seo/sitemap";
import { createTestServices } from "../../../tests/support/test-services";
import {
  countBusinessesByIndustry,
  getBusiness,
  listDirectoryBusinesses,
  nearestBusinesses,
} from "./directory";
import {
  createBusiness,
  listPendingBusinesses,
  reviewBusiness,
  updateBusiness,
  type ManageViewer,
} from "./manage";
import { loadNetworkMap } from "./map-partners";
import { saveBusiness } from "./save-business";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const owner: ManageViewer = { id: "trust-owner", isAdmin: false };
const admin: ManageViewer = { id: "trust-admin", isAdmin: true };
const LA = { siteTimeZone: "America/Los_Angeles" };

const form = (overrides: Record<string, unknown> = {}) =>
  BusinessSchema.parse({
    name: "Pat's Test Bakery",
    industry: "food-industry",
    address: "1 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91367",
    rating: "5",
    review_count: "9999",
    ...overrides,
  });

describe("a directory people can trust", () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values([
      { id: owner.id, name: "Pat", email: "pat@example.com" },
      { id: admin.id, name: "Ada", email: "ada@example.com", role: "admin" },
    ]);
  });
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.execute(sql`truncate ${businesses} cascade`);
    await services.db.delete(outbox);
  });

  const visibleNames = async () =>
    (await listDirectoryBusinesses(services.db, { page: 1 }, LA)).businesses.map((card) => card.name);

  it("keeps an owner's new listing out of every public view until an admin approves it", async () => {
    const saved = await saveBusiness(services, owner, { ...form(), intent: "save" }, {});
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const id = saved.business.id;
    expect(saved.business).toMatchObject({ status: "pending", rating: 0, reviewCount: 0 });

    expect(await visibleNames()).toEqual([]);
    expect((await countBusinessesByIndustry(services.db))["food-industry"]).toBe(0);
    expect(await getBusiness(services.db, id, LA)).toBeNull();
    expect((await loadNetworkMap(services.db)).partners).toEqual([]);
    const sitemap = await listSitemapEntries(services.db, { timeZone: "America/Los_Angeles" });
    expect(sitemap.some((entry) => entry.path.includes(id))).toBe(false);
    expect(
      (await listDirectoryBusinesses(services.db, { page: 1, near: { zip: "91367" }, miles: 5 }, LA)).total,
    ).toBe(0);

    // An owner cannot review (not even their own listing); the queue is an admin's.
    expect(await reviewBusiness(services, owner, id, { intent: "approve" })).toMatchObject({ status: 403 });
    expect(await listPendingBusinesses(services.db, owner)).toMatchObject({ status: 403 });
    const queue = await listPendingBusinesses(services.db, admin);
    expect(queue.ok && queue.queue.map((row) => row.id)).toEqual([id]);

    expect(await reviewBusiness(services, admin, id, { intent: "approve" })).toEqual({ ok: true });
    expect(await visibleNames()).toEqual(["Pat's Test Bakery"]);
    expect((await countBusinessesByIndustry(services.db))["food-industry"]).toBe(1);
    expect(await getBusiness(services.db, id, LA)).toMatchObject({ name: "Pat's Test Bakery", rating: 0 });
    const [mail] = await services.db.select().from(outbox);
    expect(mail).toMatchObject({
      toAddress: "pat@example.com",
      subject: `Your listing "Pat's Test Bakery" is live`,
    });

    // Unpublished: gone from the counts again; a second unpublish is a conflict.
    expect(await reviewBusiness(services, admin, id, { intent: "unpublish" })).toEqual({ ok: true });
    expect(await visibleNames()).toEqual([]);
    expect((await countBusinessesByIndustry(services.db))["food-industry"]).toBe(0);
    expect(await reviewBusiness(services, admin, id, { intent: "unpublish" })).toMatchObject({ status: 409 });
  });

  it("rejects with a reason the owner is emailed and sees; the owner's fix goes back to review", async () => {
    const listing = await createBusiness(services.db, owner, { input: form(), position: null, images: {} });
    expect(
      await reviewBusiness(services, admin, listing.id, {
        intent: "reject",
        reason: "Please add a real address",
      }),
    ).toEqual({ ok: true });
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ status: "rejected", rejectionReason: "Please add a real address" });
    const [mail] = await services.db.select().from(outbox);
    expect(mail!.textBody).toContain("Please add a real address");

    // The owner edits it, sending a rating again: back to pending, rating untouched.
    await updateBusiness(services.db, owner, listing.id, {
      input: form({ rating: "4.9" }),
      position: null,
      images: {},
    });
    const [after] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(after).toMatchObject({ status: "pending", rating: 0 });
  });

  it("publishes an admin's listing at once, with the rating the admin typed", async () => {
    const listing = await createBusiness(services.db, admin, { input: form(), position: null, images: {} });
    expect(listing).toMatchObject({ status: "published", rating: 5, reviewCount: 9999 });
    expect(await visibleNames()).toEqual(["Pat's Test Bakery"]);
  });

  it("derives the Kiosk host badge from kiosks that are not retired", async () => {
    const listing = await createBusiness(services.db, admin, { input: form(), position: null, images: {} });
    const card = async () => (await listDirectoryBusinesses(services.db, { page: 1 }, LA)).businesses[0]!;
    expect((await card()).kioskHost).toBe(false);
    const [kiosk] = await services.db
      .insert(kiosks)
      .values({ label: "Counter", timeZone: "America/Los_Angeles", hostBusinessId: listing.id })
      .returning();
    expect((await card()).kioskHost).toBe(true);
    expect((await getBusiness(services.db, listing.id, LA))?.kioskHost).toBe(true);
    await services.db.update(kiosks).set({ retiredAt: new Date() }).where(eq(kiosks.id, kiosk!.id));
    expect((await card()).kioskHost).toBe(false);
  });

  it("finds listings within a radius of a zip code, nearest first, and the nearest ones when none are that close", async () => {
    // From 91367 Woodland Hills: 91364 (~2 mi), 91356 Tarzana (~4 mi), 91401 Van Nuys (~10 mi), 94103 San Francisco.
    for (const [name, zip] of [
      ["Tarzana", "91356"],
      ["Van Nuys", "91401"],
      ["Woodland Hills", "91367"],
      ["Next door", "91364"],
      ["San Francisco", "94103"],
    ] as const) {
      await saveBusiness(services, admin, { ...form({ name, zip_code: zip }), intent: "save" }, {});
    }
    const within = async (miles: 1 | 5 | 10 | 25) =>
      (await listDirectoryBusinesses(services.db, { page: 1, near: { zip: "91367" }, miles }, LA)).businesses;
    const far = await within(25);
    expect(far.map((card) => card.name)).toEqual(["Woodland Hills", "Next door", "Tarzana", "Van Nuys"]);
    const distances = far.map((card) => card.distanceMiles!);
    expect(distances[0]).toBeLessThan(0.1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect((await within(5)).map((card) => card.name)).toEqual(["Woodland Hills", "Next door", "Tarzana"]);
    expect((await within(1)).map((card) => card.name)).toEqual(["Woodland Hills"]);
    // From a point (Use my location): San Francisco's centre.
    const fromSf = await listDirectoryBusinesses(
      services.db,
      { page: 1, near: { lat: 37.77, lng: -122.41 }, miles: 25 },
      LA,
    );
    expect(fromSf.businesses.map((card) => card.name)).toEqual(["San Francisco"]);
    // Nothing within 1 mile of Sacramento: the nearest, closest first.
    const nearest = await nearestBusinesses(services.db, { latitude: 38.58, longitude: -121.49 }, LA, 2);
    expect(nearest.map((card) => card.name)).toEqual(["San Francisco", expect.any(String)]);
    // A zip code that is not in the dataset is reported, not an error.
    expect(
      await listDirectoryBusinesses(services.db, { page: 1, near: { zip: "00000" }, miles: 5 }, LA),
    ).toMatchObject({ total: 0, unknownOrigin: true });
  });

  it("filters to listings open now in their own time zones, across midnight", async () => {
    const week = (spans: WeeklyHours["mon"]): WeeklyHours => ({
      ...emptyWeek(),
      mon: spans,
      tue: spans,
      wed: spans,
      thu: spans,
      fri: spans,
      sat: spans,
      sun: spans,
    });
    const save = (name: string, zip: string, hours: WeeklyHours) =>
      saveBusiness(
        services,
        admin,
        { ...form({ name, zip_code: zip, hours: JSON.stringify(hours) }), intent: "save" },
        {},
      );
    await save("LA day", "91367", week([{ opens: "09:00", closes: "18:00" }]));
    await save("LA night", "91367", week([{ opens: "20:00", closes: "02:00" }]));
    await save("NY day", "10001", week([{ opens: "09:00", closes: "18:00" }]));
    const spans = await services.db.select().from(businessOpenSpans);
    expect(new Set(spans.map((span) => span.timeZone))).toEqual(
      new Set(["America/Los_Angeles", "America/New_York"]),
    );

    const openAt = async (iso: string) =>
      (
        await listDirectoryBusinesses(services.db, { page: 1, open: true }, { ...LA, now: new Date(iso) })
      ).businesses
        .map((card) => card.name)
        .sort();
    // Monday 10:00 in LA is 13:00 in New York.
    expect(await openAt("2026-11-23T10:00:00-08:00")).toEqual(["LA day", "NY day"]);
    // 17:59 / 18:00 LA: closing time; New York closed at 15:00 LA.
    expect(await openAt("2026-11-23T17:59:00-08:00")).toEqual(["LA day"]);
    expect(await openAt("2026-11-23T18:00:00-08:00")).toEqual([]);
    // Past midnight: Tuesday 01:30 LA is inside Monday's 20:00–02:00.
    expect(await openAt("2026-11-24T01:30:00-08:00")).toEqual(["LA night"]);
    expect(await openAt("2026-11-24T02:00:00-08:00")).toEqual([]);
  });
});
