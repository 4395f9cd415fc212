import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adKiosks, ads, businesses, businessStories } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  PLACES,
} from "../../../tests/support/kiosk-fixtures";
import { readManifest } from "./device-api";
import { findKioskByToken, type DeviceKiosk } from "./device-token";
import { mayPlayWithinDay } from "./manifest";
import { kioskRuntime } from "./runtime";

// docs/product.md#kiosks, "What a kiosk plays": on a real database with the real migrations.

// Wednesday 2026-03-04, 10:00 in Los Angeles.
const NOW = new Date("2026-03-04T18:00:00Z");

describe("a kiosk's manifest", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let kiosk: DeviceKiosk;
  let farKiosk: DeviceKiosk;
  let nowhereKiosk: DeviceKiosk;
  const ids: Record<string, string> = {};

  async function manifestOf(target: DeviceKiosk, ifNoneMatch: string | null = null) {
    const runtime = kioskRuntime(services);
    runtime.catalog.invalidate();
    return readManifest(runtime, target, { ifNoneMatch, now: NOW });
  }
  async function adIdsOf(target: DeviceKiosk) {
    const answer = await manifestOf(target);
    if (answer.status !== 200) throw new Error("304");
    return new Set(answer.manifest.items.flatMap((item) => (item.adId ? [item.adId] : [])));
  }

  beforeAll(async () => {
    services = await createTestServices({ APP_URL: "https://shine.example" });
    const { db } = services;
    const advertiser = await insertAdvertiser(db);
    const here = await insertListing(db, advertiser, { place: PLACES.canogaPark });
    const santaMonica = await insertListing(db, advertiser, {
      name: "Beach Cafe",
      place: PLACES.santaMonica,
    });
    const unplaced = await insertListing(db, advertiser, { name: "No Place", place: null });
    const inReview = await insertListing(db, advertiser, { name: "In Review", place: PLACES.canogaPark });
    await db.update(businesses).set({ status: "pending" }).where(eq(businesses.id, inReview));
    const ad = (name: string, listing: string, fixture: Parameters<typeof insertAd>[3] = {}) =>
      insertAd(db, advertiser, listing, { title: name, ...fixture }).then((id) => (ids[name] = id));
    await ad("approved", here);
    await ad("video", here, { mediaKind: "video" });
    await ad("pending", here, { review: "pending" });
    await ad("rejected", here, { review: "rejected" });
    await ad("paused", here, { paused: true });
    await ad("processing", here, { mediaStatus: "processing" });
    await ad("failed", here, { mediaStatus: "failed" });
    await ad("ended", here, { endsOn: "2026-03-03" });
    await ad("ends today", here, { endsOn: "2026-03-04" });
    await ad("starts tomorrow", here, { startsOn: "2026-03-05" });
    await ad("starts in two days", here, { startsOn: "2026-03-06" });
    await ad("weekend only", here, { schedule: [{ days: [0, 6], start: "09:00", end: "17:00" }] });
    await ad("thursday mornings", here, { schedule: [{ days: [4], start: "07:00", end: "11:00" }] });
    await ad("tuesday late night", here, { schedule: [{ days: [2], start: "22:00", end: "02:00" }] });
    await ad("too far", santaMonica, { radiusMiles: 5 });
    await ad("wide reach", santaMonica, { radiusMiles: 25 });
    await ad("picked", santaMonica, { radiusMiles: 1 });
    await ad("unplaced", unplaced);
    // Approved, but its listing is not public (in review, rejected or unpublished): its QR code would lead nowhere.
    await ad("listing in review", inReview);
    await db.insert(businessStories).values({
      title: "How a bakery doubled its mornings",
      description: "d",
      shortDescription: "More customers before 9.",
      industry: "food-industry",
      author: "Ana",
      publishDate: "2026-01-01",
      isFeatured: true,
    });
    await db.insert(businessStories).values({
      title: "Not featured",
      description: "d",
      shortDescription: "s",
      industry: "food-industry",
      author: "Bo",
      publishDate: "2026-01-01",
    });
    const k = await insertKiosk(db, { place: PLACES.woodlandHills });
    const far = await insertKiosk(db, {
      label: "New York",
      place: PLACES.newYork,
      timeZone: "America/New_York",
    });
    const nowhere = await insertKiosk(db, { label: "Nowhere", place: null });
    kiosk = (await findKioskByToken(db, k.token))!;
    farKiosk = (await findKioskByToken(db, far.token))!;
    nowhereKiosk = (await findKioskByToken(db, nowhere.token))!;
    await db.insert(adKiosks).values([
      { adId: ids.picked!, kioskId: nowhereKiosk.id },
      { adId: ids.picked!, kioskId: farKiosk.id },
    ]);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("plays only approved, unpaused, ready ads of published listings that may play in the next 24 hours and reach the kiosk", async () => {
    const playing = await adIdsOf(kiosk);
    const expected = [
      "approved",
      "video",
      "ends today",
      "starts tomorrow",
      "thursday mornings",
      "tuesday late night",
      "wide reach",
    ];
    expect([...playing].sort()).toEqual(expected.map((name) => ids[name]).sort());
  });

  it("an ad an admin picked plays on exactly the picked kiosks; a kiosk without a place gets only picks", async () => {
    expect(await adIdsOf(nowhereKiosk)).toEqual(new Set([ids.picked]));
    expect(await adIdsOf(farKiosk)).toEqual(new Set([ids.picked]));
    expect((await adIdsOf(kiosk)).has(ids.picked!)).toBe(false);
  });

  it("carries the kiosk, the server time, the items' media, QR codes and short links naming the kiosk", async () => {
    const answer = await manifestOf(kiosk);
    if (answer.status !== 200) throw new Error("304");
    const { manifest } = answer;
    expect(manifest.serverTime).toBe(NOW.toISOString());
    expect(manifest.pollSeconds).toBe(60);
    expect(manifest.kiosk).toEqual({
      id: kiosk.id,
      label: "Front counter",
      orientation: "portrait",
      timeZone: "America/Los_Angeles",
    });
    const [ad] = await services.db.select().from(ads).where(eq(ads.id, ids.approved!));
    const item = manifest.items.find((entry) => entry.adId === ids.approved)!;
    expect(item).toMatchObject({
      kind: "ad",
      title: "approved",
      businessName: "Sunrise Bakery",
      seconds: 8,
      callToAction: "Scan for 10% off",
      shortLink: `https://shine.example/q/${ad!.shortCode}?k=${kiosk.id}`,
      timing: { startsOn: "2020-01-01", endsOn: null, schedule: [] },
      media: { kind: "image", width: 1080, height: 1920, bytes: 2000, durationMs: null },
    });
    expect(item.media.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(item.media.url).toMatch(/^\/media\/r\//);
    expect(item.qrSvg).toMatch(/^<svg/);
    const video = manifest.items.find((entry) => entry.adId === ids.video)!;
    expect(video.media).toMatchObject({ kind: "video", durationMs: 12400 });
    expect(video.media.posterUrl).toMatch(/\.jpg$/);
    expect(video.seconds).toBe(13);
  });

  it("house slides are always there: the free kiosk slide and the featured stories", async () => {
    for (const target of [kiosk, farKiosk, nowhereKiosk]) {
      const answer = await manifestOf(target);
      if (answer.status !== 200) throw new Error("304");
      const house = answer.manifest.items.filter((item) => item.kind === "house");
      const titles = new Set(house.map((item) => item.title));
      expect(titles).toEqual(
        new Set(["Get a free kiosk for your business", "How a bakery doubled its mornings"]),
      );
      const free = house.find((item) => item.title.startsWith("Get a free kiosk"))!;
      expect(free).toMatchObject({
        adId: null,
        shortLink: "https://shine.example/submit-business",
        timing: { startsOn: "1970-01-01", endsOn: null, schedule: [] },
        media: { kind: "image", width: 1080, height: 1080 },
      });
      expect(free.media.url).toMatch(/^\/media\/kiosk-house\/[0-9a-f]{64}\.webp$/);
      expect(free.media.url).toContain(free.media.sha256);
    }
  });

  it("never the same ad twice in a row, equal shares, stable item ids", async () => {
    const answer = await manifestOf(kiosk);
    if (answer.status !== 200) throw new Error("304");
    const items = answer.manifest.items;
    for (let i = 0; i < items.length; i++) {
      const next = items[(i + 1) % items.length]!;
      if (items[i]!.adId) expect(next.adId).not.toBe(items[i]!.adId);
    }
    const counts = new Map<string, number>();
    for (const item of items) if (item.adId) counts.set(item.adId, (counts.get(item.adId) ?? 0) + 1);
    expect(new Set(counts.values()).size).toBe(1);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it("is versioned by its content: 304 for the current version, a new version when an ad is approved", async () => {
    const first = await manifestOf(kiosk);
    if (first.status !== 200) throw new Error("304");
    expect(first.version).toBe(first.manifest.version);
    expect(await manifestOf(kiosk, `"${first.version}"`)).toEqual({ status: 304, version: first.version });
    expect(await manifestOf(kiosk, `W/"${first.version}"`)).toMatchObject({ status: 304 });
    // The far kiosk's manifest is another one.
    const far = await manifestOf(farKiosk);
    expect(far.version).not.toBe(first.version);

    await services.db.update(ads).set({ reviewStatus: "approved" }).where(eq(ads.id, ids.pending!));
    const changed = await manifestOf(kiosk, `"${first.version}"`);
    expect(changed.status).toBe(200);
    expect(changed.version).not.toBe(first.version);
    // Unchanged elsewhere: the far kiosk keeps its version.
    expect(await manifestOf(farKiosk, `"${far.version}"`)).toMatchObject({ status: 304 });
  });

  it("reads dates and windows in the kiosk's own time zone", () => {
    const ad = { startsOn: "2026-03-05", endsOn: null, schedule: [] };
    // 00:30 on March 5 in New York is 21:30 on March 4 in Los Angeles.
    const lateEvening = new Date("2026-03-05T05:30:00Z");
    expect(mayPlayWithinDay(ad, "America/New_York", lateEvening)).toBe(true);
    expect(mayPlayWithinDay({ ...ad, startsOn: "2026-03-06" }, "America/New_York", lateEvening)).toBe(true);
    expect(mayPlayWithinDay({ ...ad, startsOn: "2026-03-06" }, "America/Los_Angeles", lateEvening)).toBe(
      false,
    );
    expect(
      mayPlayWithinDay(
        { ...ad, startsOn: "2026-01-01", endsOn: "2026-03-04" },
        "America/New_York",
        lateEvening,
      ),
    ).toBe(false);
    expect(
      mayPlayWithinDay(
        { ...ad, startsOn: "2026-01-01", endsOn: "2026-03-04" },
        "America/Los_Angeles",
        lateEvening,
      ),
    ).toBe(true);
  });
});
