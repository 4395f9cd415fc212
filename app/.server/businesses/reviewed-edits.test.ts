import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdSchema } from "~/lib/ad-schemas";
import { BusinessSchema } from "~/lib/business-schemas";
import { localBusinessJsonLd } from "~/lib/local-business-json-ld";
import { getAdForOwner } from "../ads/owner-ads";
import { listAdsForReview, reviewAd, reviewAdTargeting } from "../ads/review";
import { saveAd } from "../ads/save-ad";
import { scanShortLink } from "../ads/scans";
import { adScans, ads, businessEdits, businesses, kiosks, outbox, users } from "../infra/db/schema";
import { readManifest } from "../kiosks/device-api";
import { findKioskByToken, type DeviceKiosk } from "../kiosks/device-token";
import { kioskRuntime } from "../kiosks/runtime";
import { contactTarget } from "../results/listing-events";
import { listSitemapEntries } from "../seo/sitemap";
import { createTestServices } from "../../../tests/support/test-services";
import { insertKiosk, insertListing, insertReadyMedia, PLACES } from "../../../tests/support/kiosk-fixtures";
import { getBusiness, listDirectoryBusinesses } from "./directory";
import { listPendingListingEdits, reviewListingEdit } from "./listing-edits";
import { listManagedBusinesses, reviewBusiness, type ManageViewer } from "./manage";
import { loadNetworkMap } from "./map-partners";
import { saveBusiness } from "./save-business";

// An owner's edit of a published listing, and an approved ad's new distance, reach nothing public until an admin
// approves them (docs/decisions/076-reviewed-edits.md). Every public read is checked, the way an attacker who
// swaps a reviewed listing's website for a phishing page would hope to get through.

const owner: ManageViewer = { id: "edit-owner", isAdmin: false };
const admin: ManageViewer = { id: "edit-admin", isAdmin: true };
const LA = { siteTimeZone: "America/Los_Angeles" };
// Wednesday 2026-03-04, 10:00 in Los Angeles.
const NOW = new Date("2026-03-04T18:00:00Z");
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const week = (opens: string, closes: string) =>
  JSON.stringify(
    Object.fromEntries(
      ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [{ opens, closes }]]),
    ),
  );

const form = (overrides: Record<string, unknown> = {}) =>
  BusinessSchema.parse({
    name: "Pat's Bakery",
    description: "Bread since 1990.",
    industry: "food-industry",
    address: "1 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91367",
    website: "https://pats-bakery.example",
    phone: "818-555-0100",
    hours: week("09:00", "17:00"),
    ...overrides,
  });

describe("reviewed edits", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let kiosk: DeviceKiosk;
  let farKiosk: DeviceKiosk;

  beforeAll(async () => {
    services = await createTestServices({ APP_URL: "https://shine.example" });
    await services.db.insert(users).values([
      { id: owner.id, name: "Pat", email: "pat@example.com" },
      { id: admin.id, name: "Ada", email: "ada@example.com", role: "admin" },
    ]);
  });
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.execute(sql`truncate ${businesses}, ${kiosks}, ${adScans} cascade`);
    await services.db.delete(outbox);
    const near = await insertKiosk(services.db, { place: PLACES.woodlandHills });
    const far = await insertKiosk(services.db, { label: "Santa Monica", place: PLACES.santaMonica });
    kiosk = (await findKioskByToken(services.db, near.token))!;
    farKiosk = (await findKioskByToken(services.db, far.token))!;
  });

  async function manifestAds(target: DeviceKiosk) {
    const runtime = kioskRuntime(services);
    runtime.catalog.invalidate();
    const answer = await readManifest(runtime, target, { ifNoneMatch: null, now: NOW });
    if (answer.status !== 200) throw new Error("expected a manifest");
    return answer.manifest.items
      .filter((item) => item.adId)
      .map((item) => ({ adId: item.adId, businessName: item.businessName, shortLink: item.shortLink }));
  }

  /** Everything the public can learn about listing `id` and its ad's short link, by every public read. */
  async function publicView(id: string, shortCode: string) {
    const { db } = services;
    const page = await getBusiness(db, id, LA);
    const names = async (search: Parameters<typeof listDirectoryBusinesses>[1]) =>
      (await listDirectoryBusinesses(db, search, { ...LA, now: NOW })).businesses.map((card) => card.name);
    const map = await loadNetworkMap(db);
    const sitemap = await listSitemapEntries(db, { timeZone: LA.siteTimeZone });
    const scan = await scanShortLink(services, {
      code: shortCode,
      kioskId: null,
      userAgent: BROWSER,
      clientIp: "1.1.1.1",
    });
    return {
      page,
      jsonLd: page ? localBusinessJsonLd(page, "https://shine.example") : null,
      directory: await names({ page: 1 }),
      byZip: await names({ page: 1, zip: "91367" }),
      near: await names({ page: 1, near: { zip: "91367" }, miles: 5 }),
      openNow: await names({ page: 1, open: true }),
      map: map.partners.map((partner) => [partner.name, partner.lat, partner.lng]),
      cities: map.cities,
      sitemap: sitemap.filter((entry) => entry.path.includes(id)),
      website: await contactTarget(services, id, "website"),
      call: await contactTarget(services, id, "call"),
      directions: await contactTarget(services, id, "directions"),
      scan: scan?.location,
      manifest: await manifestAds(kiosk),
    };
  }

  /** An owner's listing, approved by an admin, with an approved ad whose QR code leads to its website. */
  async function publishedListingWithAd() {
    const saved = await saveBusiness(services, owner, { ...form(), intent: "save" }, {});
    if (!saved.ok) throw new Error("save failed");
    const id = saved.business.id;
    expect(await reviewBusiness(services, admin, id, { intent: "approve" })).toEqual({ ok: true });
    const mediaId = await insertReadyMedia(services.db, owner.id);
    const ad = await saveAd(services, owner, adInput(id, mediaId, { qrTarget: "website" }));
    if (!ad.ok) throw new Error("ad failed");
    expect(await reviewAd(services, admin, ad.id, { intent: "approve" })).toEqual({ ok: true });
    const [{ shortCode }] = await services.db
      .select({ shortCode: ads.shortCode })
      .from(ads)
      .where(eq(ads.id, ad.id));
    await services.db.delete(outbox);
    return { id, adId: ad.id, mediaId, shortCode };
  }

  const adInput = (businessId: string, mediaId: string, overrides: Record<string, unknown> = {}) =>
    AdSchema.parse({
      title: "Fresh bread",
      businessId,
      mediaId,
      imageSeconds: "10",
      startsOn: "2026-01-01",
      qrTarget: "listing",
      radiusMiles: "5",
      ...overrides,
    });

  const phishing = (overrides: Record<string, unknown> = {}) =>
    form({
      name: "Pat's Bakery (new owners)",
      description: "Log in to claim your prize.",
      website: "https://phish.example/login",
      phone: "900-555-0199",
      zip_code: "10001",
      address: "1 Elsewhere",
      hours: week("00:00", "24:00"),
      ...overrides,
    });

  const newImage = {
    key: `${owner.id}/new.png`,
    url: `/media/${owner.id}/new.png`,
    mimeType: "image/png",
    size: 100,
    originalName: "new.png",
  };

  it("keeps an owner's edit of a published listing out of every public read until an admin approves it", async () => {
    const { id, shortCode } = await publishedListingWithAd();
    const before = await publicView(id, shortCode);
    expect(before.page?.website).toBe("https://pats-bakery.example");
    expect(before.scan).toBe("https://pats-bakery.example");
    expect(before.manifest).toEqual([expect.objectContaining({ businessName: "Pat's Bakery" })]);

    const saved = await saveBusiness(
      services,
      owner,
      { ...phishing(), id, intent: "save" },
      { image: newImage },
    );
    expect(saved).toMatchObject({ ok: true, mode: "update" });
    if (!saved.ok) return;
    // The owner sees their own version, marked as waiting.
    expect(saved.business).toMatchObject({
      status: "published",
      name: "Pat's Bakery (new owners)",
      website: "https://phish.example/login",
      imageUrl: newImage.url,
      edit: { status: "pending" },
    });

    // Nothing public moved: page, JSON-LD, directory, search, near me, open now, map, sitemap, /go, /q, manifest.
    expect(await publicView(id, shortCode)).toEqual(before);

    // The owner's dashboard shows the proposal; an admin's shows the live row with the edit beside it.
    const mine = (await listManagedBusinesses(services.db, owner, { q: "", page: 1 })).businesses[0]!;
    expect(mine).toMatchObject({ name: "Pat's Bakery (new owners)", website: "https://phish.example/login" });
    const theirs = (await listManagedBusinesses(services.db, admin, { q: "", page: 1 })).businesses[0]!;
    expect(theirs).toMatchObject({ name: "Pat's Bakery", website: "https://pats-bakery.example" });
    expect(theirs.edit?.changes.map((change) => change.field)).toEqual(
      mine.edit?.changes.map((c) => c.field),
    );

    // Only admins see the queue; it shows each change as live → proposed, images as their URLs.
    expect(await listPendingListingEdits(services.db, owner)).toMatchObject({ status: 403 });
    const queue = await listPendingListingEdits(services.db, admin);
    if (!queue.ok) throw new Error("queue");
    expect(queue.queue).toHaveLength(1);
    const changes = Object.fromEntries(queue.queue[0]!.edit.changes.map((change) => [change.field, change]));
    expect(changes.website).toMatchObject({
      from: "https://pats-bakery.example",
      to: "https://phish.example/login",
    });
    expect(changes.imageUrl).toMatchObject({ kind: "image", from: null, to: newImage.url });
    expect(changes.hours?.to).toContain("Open 24 hours");
    expect(Object.keys(changes)).not.toContain("industry");

    // A second edit replaces the first; the image chosen before stays proposed.
    await saveBusiness(
      services,
      owner,
      { ...phishing({ website: "https://other.example" }), id, intent: "save" },
      {},
    );
    const again = await listPendingListingEdits(services.db, admin);
    if (!again.ok) throw new Error("queue");
    expect(again.queue).toHaveLength(1);
    const replaced = Object.fromEntries(
      again.queue[0]!.edit.changes.map((change) => [change.field, change.to]),
    );
    expect(replaced).toMatchObject({ website: "https://other.example", imageUrl: newImage.url });
    expect(await publicView(id, shortCode)).toEqual(before);

    // Nobody but an admin decides.
    expect(await reviewListingEdit(services, owner, id, { intent: "approve-edit" })).toMatchObject({
      status: 403,
    });
    expect(await publicView(id, shortCode)).toEqual(before);

    expect(await reviewListingEdit(services, admin, id, { intent: "approve-edit" })).toEqual({ ok: true });
    const after = await publicView(id, shortCode);
    expect(after.page).toMatchObject({
      name: "Pat's Bakery (new owners)",
      website: "https://other.example",
      zipCode: "10001",
      imageUrl: newImage.url,
      timeZone: "America/New_York",
    });
    expect(JSON.stringify(after.jsonLd)).toContain("https://other.example");
    expect(after.website).toBe("https://other.example/");
    expect(after.scan).toBe("https://other.example");
    expect(after.byZip).toEqual([]);
    expect(after.near).toEqual([]);
    expect(after.openNow).toEqual(["Pat's Bakery (new owners)"]);
    expect(after.map).toEqual([
      ["Pat's Bakery (new owners)", expect.closeTo(40.75, 0), expect.closeTo(-74, 0)],
    ]);
    // The kiosks follow the approved place and name: none near the old address, the new name near the new one.
    expect(after.manifest).toEqual([]);
    const ny = await insertKiosk(services.db, {
      label: "New York",
      place: PLACES.newYork,
      timeZone: "America/New_York",
    });
    const nyAds = await manifestAds((await findKioskByToken(services.db, ny.token))!);
    expect(nyAds.map((item) => item.businessName)).toEqual(["Pat's Bakery (new owners)"]);
    expect(await services.db.select().from(businessEdits)).toEqual([]);
    const [mail] = await services.db.select().from(outbox);
    expect(mail).toMatchObject({
      toAddress: "pat@example.com",
      subject: `Your changes to "Pat's Bakery" are live`,
    });
    expect(await reviewListingEdit(services, admin, id, { intent: "approve-edit" })).toEqual({
      ok: false,
      status: 404,
    });
  });

  it("keeps the live version when an admin rejects the edit, and tells the owner why", async () => {
    const { id, shortCode } = await publishedListingWithAd();
    const before = await publicView(id, shortCode);
    await saveBusiness(services, owner, { ...phishing(), id, intent: "save" }, {});
    const reason = "That website is not the bakery's.";
    expect(await reviewListingEdit(services, admin, id, { intent: "reject-edit", reason })).toEqual({
      ok: true,
    });
    expect(await publicView(id, shortCode)).toEqual(before);
    expect(await reviewListingEdit(services, admin, id, { intent: "approve-edit" })).toEqual({
      ok: false,
      status: 409,
    });
    expect(await publicView(id, shortCode)).toEqual(before);
    const mine = (await listManagedBusinesses(services.db, owner, { q: "", page: 1 })).businesses[0]!;
    expect(mine.edit).toMatchObject({ status: "rejected", reason });
    const [mail] = await services.db.select().from(outbox);
    expect(mail?.subject).toBe(`Your changes to "Pat's Bakery" were not approved`);
    expect(mail?.textBody).toContain(reason);

    // Editing again sends it back to the queue; putting everything back withdraws it.
    await saveBusiness(services, owner, { ...phishing(), id, intent: "save" }, {});
    const queue = await listPendingListingEdits(services.db, admin);
    expect(queue.ok && queue.queue.map((row) => row.id)).toEqual([id]);
    await saveBusiness(services, owner, { ...form(), id, intent: "save" }, {});
    expect(await services.db.select().from(businessEdits)).toEqual([]);
  });

  it("saves the owner's display choice at once, and lets admins and not-yet-published listings save directly", async () => {
    const { id } = await publishedListingWithAd();
    const saved = await saveBusiness(
      services,
      owner,
      { ...form({ show_kiosk_plays: "on" }), id, intent: "save" },
      {},
    );
    expect(saved).toMatchObject({ ok: true, business: { showKioskPlays: true, edit: null } });
    expect((await getBusiness(services.db, id, LA))?.showKioskPlays).toBe(true);

    await saveBusiness(
      services,
      admin,
      { ...form({ website: "https://admin-fixed.example" }), id, intent: "save" },
      {},
    );
    expect((await getBusiness(services.db, id, LA))?.website).toBe("https://admin-fixed.example");
    expect(await services.db.select().from(businessEdits)).toEqual([]);

    const fresh = await saveBusiness(
      services,
      owner,
      { ...form({ name: "Second Shop" }), intent: "save" },
      {},
    );
    if (!fresh.ok) throw new Error("save failed");
    await saveBusiness(
      services,
      owner,
      { ...form({ name: "Second Shop, renamed" }), id: fresh.business.id, intent: "save" },
      {},
    );
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, fresh.business.id));
    expect(row).toMatchObject({ name: "Second Shop, renamed", status: "pending" });
    expect(await services.db.select().from(businessEdits)).toEqual([]);
  });

  it("sends an unreviewed website through no redirect of ours: not /go of a listing in review, not /q of an ad in review", async () => {
    const saved = await saveBusiness(
      services,
      owner,
      { ...form({ website: "https://phish.example" }), intent: "save" },
      {},
    );
    if (!saved.ok) throw new Error("save failed");
    const id = saved.business.id;
    expect(await contactTarget(services, id, "website")).toBeNull();
    const mediaId = await insertReadyMedia(services.db, owner.id);
    const ad = await saveAd(services, owner, adInput(id, mediaId, { qrTarget: "website" }));
    if (!ad.ok) throw new Error("ad failed");
    const [{ shortCode }] = await services.db
      .select({ shortCode: ads.shortCode })
      .from(ads)
      .where(eq(ads.id, ad.id));
    const scan = await scanShortLink(services, {
      code: shortCode,
      kioskId: null,
      userAgent: BROWSER,
      clientIp: "1.1.1.1",
    });
    expect(scan?.location).toBe(`/business/${id}`);
  });

  it("keeps an approved ad's kiosks until an admin approves its new distance", async () => {
    const listing = await insertListing(services.db, owner.id, { place: PLACES.woodlandHills });
    const mediaId = await insertReadyMedia(services.db, owner.id);
    const created = await saveAd(services, owner, adInput(listing, mediaId));
    if (!created.ok) throw new Error("ad failed");
    const adId = created.id;
    await reviewAd(services, admin, adId, { intent: "approve" });
    const playsFar = async () => (await manifestAds(farKiosk)).some((item) => item.adId === adId);
    const playsNear = async () => (await manifestAds(kiosk)).some((item) => item.adId === adId);
    expect([await playsNear(), await playsFar()]).toEqual([true, false]);

    // Santa Monica is ~14 miles away: 25 miles would reach it, once approved.
    const wider = await saveAd(services, owner, adInput(listing, mediaId, { radiusMiles: "25" }), adId);
    expect(wider).toMatchObject({ ok: true, resubmitted: false, targetingHeld: true });
    expect([await playsNear(), await playsFar()]).toEqual([true, false]);
    expect(await getAdForOwner(services, owner, adId)).toMatchObject({
      status: "approved",
      radiusMiles: 5,
      pendingRadiusMiles: 25,
    });
    const review = await listAdsForReview(services, admin);
    expect(review.ok && review.targeting.map((ad) => ad.id)).toEqual([adId]);
    expect(review.ok && review.queue).toEqual([]);

    expect(await reviewAdTargeting(services, owner, adId, { intent: "approve-targeting" })).toMatchObject({
      status: 403,
    });
    const reason = "Keep it close to the shop for now.";
    expect(await reviewAdTargeting(services, admin, adId, { intent: "reject-targeting", reason })).toEqual({
      ok: true,
    });
    expect([await playsNear(), await playsFar()]).toEqual([true, false]);
    expect(await getAdForOwner(services, owner, adId)).toMatchObject({
      radiusMiles: 5,
      pendingRadiusMiles: null,
      targetingRejectionReason: reason,
    });
    expect(await reviewAdTargeting(services, admin, adId, { intent: "approve-targeting" })).toEqual({
      ok: false,
      status: 409,
    });

    await saveAd(services, owner, adInput(listing, mediaId, { radiusMiles: "25" }), adId);
    expect(await reviewAdTargeting(services, admin, adId, { intent: "approve-targeting" })).toEqual({
      ok: true,
    });
    expect([await playsNear(), await playsFar()]).toEqual([true, true]);
    expect(await getAdForOwner(services, owner, adId)).toMatchObject({
      radiusMiles: 25,
      pendingRadiusMiles: null,
    });
    const subjects = (await services.db.select().from(outbox)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your ad "Fresh bread" now plays within 25 miles`);

    // A content change sends the whole ad back to review (it stops playing), its distance with it.
    const changed = await saveAd(
      services,
      owner,
      adInput(listing, mediaId, { title: "New", radiusMiles: "1" }),
      adId,
    );
    expect(changed).toMatchObject({ ok: true, resubmitted: true, targetingHeld: false });
    expect(await getAdForOwner(services, owner, adId)).toMatchObject({
      status: "pending",
      radiusMiles: 1,
      pendingRadiusMiles: null,
    });
  });
});
