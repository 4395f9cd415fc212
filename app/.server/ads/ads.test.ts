import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdSchema } from "~/lib/ad-schemas";
import { adScans, ads, businesses, kiosks, media, mediaRenditions, outbox, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { deleteAd, getAdForOwner, listAdsForOwner, setAdPausedByOwner } from "./owner-ads";
import { listAdsForReview, reviewAd, setAdPausedByAdmin } from "./review";
import { saveAd } from "./save-ad";
import { scanShortLink } from "./scans";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const ownerA = { id: "ads-owner-a", isAdmin: false };
const ownerB = { id: "ads-owner-b", isAdmin: false };
const admin = { id: "ads-admin", isAdmin: true };
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

describe("ads", () => {
  let services: TestServices;
  let listingA: string;
  let listingB: string;
  let imageA: string;
  let videoA: string;
  let longVideoA: string;

  async function addMedia(
    userId: string,
    type: string,
    status: "processing" | "ready" | "failed",
    seconds?: number,
  ) {
    const [row] = await services.db
      .insert(media)
      .values({
        userId,
        title: `${type} ${status}`,
        fileName: "f",
        fileUrl: `/media/${userId}/${Math.random()}`,
        storageKey: `${userId}/${Math.random().toString(36).slice(2)}.bin`,
        fileType: type,
        fileSize: 10,
        processingStatus: status,
        processingError: status === "failed" ? "This file has no video stream" : null,
      })
      .returning({ id: media.id });
    if (status === "ready") {
      await services.db.insert(mediaRenditions).values({
        mediaId: row!.id,
        kind: type.startsWith("video/") ? "video" : "image",
        storageKey: `renditions/${row!.id}.bin`,
        mimeType: type.startsWith("video/") ? "video/mp4" : "image/webp",
        bytes: 10,
        width: 1080,
        height: 1920,
        durationSec: seconds ?? null,
        sha256: "a".repeat(64),
      });
    }
    return row!.id;
  }

  function input(overrides: Record<string, unknown> = {}) {
    return AdSchema.parse({
      title: "Fall special",
      businessId: listingA,
      mediaId: imageA,
      imageSeconds: "12",
      startsOn: "2026-11-01",
      qrTarget: "listing",
      radiusMiles: "5",
      ...overrides,
    });
  }

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values(
      [ownerA, ownerB, admin].map((viewer) => ({
        id: viewer.id,
        name: viewer.id,
        email: `${viewer.id}@example.com`,
        role: viewer.isAdmin ? "admin" : "user",
      })),
    );
    const base = {
      industry: "food-industry",
      address: "1 Main",
      city: "Woodland Hills",
      state: "CA",
      zipCode: "91367",
    };
    [{ id: listingA }] = await services.db
      .insert(businesses)
      .values({ ...base, name: "A's Bakery", userId: ownerA.id, website: "https://a.example" })
      .returning({ id: businesses.id });
    [{ id: listingB }] = await services.db
      .insert(businesses)
      .values({ ...base, name: "B's Barber", userId: ownerB.id })
      .returning({ id: businesses.id });
    imageA = await addMedia(ownerA.id, "image/png", "ready");
    videoA = await addMedia(ownerA.id, "video/quicktime", "ready", 12);
    longVideoA = await addMedia(ownerA.id, "video/mp4", "ready", 45);
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    await services.db.delete(ads);
    await services.db.delete(outbox);
    await services.db.delete(adScans);
  });

  it("makes an ad from the owner's own media for the owner's own listing, pending review", async () => {
    const saved = await saveAd(services, ownerA, input());
    expect(saved).toMatchObject({ ok: true, created: true });
    const [ad] = await listAdsForOwner(services, ownerA);
    expect(ad).toMatchObject({
      title: "Fall special",
      status: "pending",
      imageSeconds: 12,
      businessName: "A's Bakery",
    });
    expect(ad!.shortCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await listAdsForOwner(services, ownerB)).toEqual([]);
  });

  it("refuses another owner's listing or media, a video over 30 seconds and a website QR without a website", async () => {
    expect(await saveAd(services, ownerB, input())).toMatchObject({
      ok: false,
      fieldErrors: { businessId: expect.any(String), mediaId: expect.any(String) },
    });
    expect(await saveAd(services, ownerA, input({ mediaId: longVideoA }))).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { mediaId: "Videos can be at most 30 seconds long." },
    });
    const [{ id: noSite }] = await services.db
      .insert(businesses)
      .values({
        name: "No site",
        industry: "food-industry",
        address: "x",
        city: "x",
        state: "CA",
        zipCode: "91367",
        userId: ownerA.id,
      })
      .returning({ id: businesses.id });
    expect(await saveAd(services, ownerA, input({ businessId: noSite, qrTarget: "website" }))).toMatchObject({
      ok: false,
      fieldErrors: { qrTarget: expect.any(String) },
    });
  });

  it("keeps a video's own length and ignores seconds for it", async () => {
    const saved = await saveAd(services, ownerA, input({ mediaId: videoA, imageSeconds: "20" }));
    const ad = await getAdForOwner(services, ownerA, (saved as { id: string }).id);
    expect(ad).toMatchObject({ imageSeconds: null, videoSeconds: 12, media: { kind: "video", ready: true } });
  });

  it("lets only its owner see, edit, pause or delete an ad", async () => {
    const { id } = (await saveAd(services, ownerA, input())) as { id: string };
    expect(await getAdForOwner(services, ownerB, id)).toBeNull();
    expect(await saveAd(services, ownerB, input({ businessId: listingB }), id)).toMatchObject({ ok: false });
    expect(await setAdPausedByOwner(services, ownerB, id, true)).toEqual({ ok: false, status: 404 });
    expect(await deleteAd(services, ownerB, id)).toEqual({ ok: false, status: 404 });
    const [row] = await services.db.select().from(ads).where(eq(ads.id, id));
    expect(row).toMatchObject({ title: "Fall special", pausedAt: null });
  });

  it("goes through review: rejected with a reason and an email, edited back to pending, approved with an email", async () => {
    const { id } = (await saveAd(services, ownerA, input())) as { id: string };
    expect(await reviewAd(services, ownerA, id, { intent: "approve" })).toMatchObject({
      ok: false,
      status: 403,
    });
    const queue = await listAdsForReview(services, admin);
    expect(queue.ok && queue.queue.map((ad) => ad.id)).toEqual([id]);

    expect(
      await reviewAd(services, admin, id, { intent: "reject", reason: "The text is too small to read." }),
    ).toEqual({ ok: true });
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({
      status: "rejected",
      reason: "The text is too small to read.",
    });
    // Not pending any more: a second decision is refused.
    expect(await reviewAd(services, admin, id, { intent: "approve" })).toEqual({ ok: false, status: 409 });

    // An edit that changes nothing keeps the decision; a content edit goes back to review.
    expect(await saveAd(services, ownerA, input(), id)).toMatchObject({ ok: true, resubmitted: false });
    expect(await saveAd(services, ownerA, input({ callToAction: "Bigger text now" }), id)).toMatchObject({
      ok: true,
      resubmitted: true,
    });
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({ status: "pending", reason: null });

    expect(await reviewAd(services, admin, id, { intent: "approve" })).toEqual({ ok: true });
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({ status: "approved" });

    const mails = await services.db.select().from(outbox).orderBy(outbox.createdAt);
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["ads-owner-a@example.com", 'Your ad "Fall special" needs changes'],
      ["ads-owner-a@example.com", 'Your ad "Fall special" is approved'],
    ]);
    expect(mails[0]!.textBody).toContain("The text is too small to read.");
  });

  it("says in the approval email where the ad plays: nowhere yet without a kiosk in reach, else the kiosks", async () => {
    const here = { latitude: 34.1683, longitude: -118.6059 };
    await services.db.update(businesses).set(here).where(eq(businesses.id, listingA));
    const approvalText = async () => {
      const { id } = (await saveAd(services, ownerA, input())) as { id: string };
      expect(await reviewAd(services, admin, id, { intent: "approve" })).toEqual({ ok: true });
      const [mail] = await services.db
        .select()
        .from(outbox)
        .where(eq(outbox.reference, `ad:${id}`));
      return mail!.textBody;
    };
    // A kiosk 20 miles away is out of a 5-mile reach; a retired one nearby counts for nothing.
    const [far, retired] = await services.db
      .insert(kiosks)
      .values([
        { label: "Far", timeZone: "America/Los_Angeles", latitude: 34.45, longitude: -118.6 },
        { label: "Gone", timeZone: "America/Los_Angeles", ...here, retiredAt: new Date() },
      ])
      .returning({ id: kiosks.id });
    const nowhere = await approvalText();
    expect(nowhere).toContain("No Local Shine kiosk is within 5 miles of your listing yet");
    expect(nowhere).not.toContain("It plays on");

    const [near] = await services.db
      .insert(kiosks)
      .values({ label: "Near", timeZone: "America/Los_Angeles", latitude: 34.17, longitude: -118.6 })
      .returning({ id: kiosks.id });
    expect(await approvalText()).toContain("It plays on the Local Shine kiosk near your listing");
    await services.db.delete(kiosks).where(inArray(kiosks.id, [far!.id, retired!.id, near!.id]));
    await services.db
      .update(businesses)
      .set({ latitude: null, longitude: null })
      .where(eq(businesses.id, listingA));
  });

  it("lets an admin's pause be lifted only by an admin", async () => {
    const { id } = (await saveAd(services, ownerA, input())) as { id: string };
    expect(await setAdPausedByAdmin(services, ownerA, id, true)).toMatchObject({ status: 403 });
    expect(await setAdPausedByAdmin(services, admin, id, true)).toEqual({ ok: true });
    expect(await setAdPausedByOwner(services, ownerA, id, false)).toEqual({
      ok: false,
      status: 409,
      reason: "admin-paused",
    });
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({
      status: "paused",
      pausedByAdmin: true,
    });
    expect(await setAdPausedByAdmin(services, admin, id, false)).toEqual({ ok: true });
    expect(await setAdPausedByOwner(services, ownerA, id, true)).toEqual({ ok: true });
    expect(await setAdPausedByOwner(services, ownerA, id, false)).toEqual({ ok: true });
  });

  it("shows Processing until the media is ready, and leaves it out of the queue meanwhile", async () => {
    const processing = await addMedia(ownerA.id, "video/x-msvideo", "processing");
    const { id } = (await saveAd(services, ownerA, input({ mediaId: processing }))) as { id: string };
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({ status: "processing" });
    const queue = await listAdsForReview(services, admin);
    expect(queue.ok && queue.queue).toEqual([]);
    expect(await reviewAd(services, admin, id, { intent: "approve" })).toEqual({ ok: false, status: 409 });
  });

  it("reads Ended after the end date whatever else it is", async () => {
    const { id } = (await saveAd(
      services,
      ownerA,
      input({ startsOn: "2025-01-01", endsOn: "2025-01-31" }),
    )) as {
      id: string;
    };
    await setAdPausedByOwner(services, ownerA, id, true);
    expect(await getAdForOwner(services, ownerA, id)).toMatchObject({ status: "ended" });
  });

  it("counts a scan of the short link once and sends it to the listing or its website; bots are not counted", async () => {
    const { id } = (await saveAd(services, ownerA, input())) as { id: string };
    const [{ shortCode }] = await services.db
      .select({ shortCode: ads.shortCode })
      .from(ads)
      .where(eq(ads.id, id));
    const [{ id: kiosk }] = await services.db
      .insert(kiosks)
      .values({ label: "Front counter", timeZone: "America/Los_Angeles" })
      .returning({ id: kiosks.id });
    const unknownKiosk = "0b6f8f2e-3c2a-4d8e-9f1a-2b3c4d5e6f70";
    expect(
      await scanShortLink(services, {
        code: shortCode,
        kioskId: kiosk,
        userAgent: BROWSER,
        clientIp: "203.0.113.9",
      }),
    ).toEqual({
      location: `/business/${listingA}`,
      counted: true,
    });
    expect(
      await scanShortLink(services, {
        code: shortCode,
        kioskId: unknownKiosk,
        userAgent: BROWSER,
        clientIp: "1.1.1.1",
      }),
    ).toMatchObject({ counted: true });
    expect(
      await scanShortLink(services, {
        code: shortCode,
        kioskId: null,
        userAgent: "Googlebot/2.1",
        clientIp: "66.249.66.1",
      }),
    ).toMatchObject({ counted: false });
    expect(
      await scanShortLink(services, {
        code: "nope12",
        kioskId: null,
        userAgent: BROWSER,
        clientIp: "1.1.1.1",
      }),
    ).toBeNull();
    const scans = await services.db.select().from(adScans);
    // Neither kiosk shows this ad (one is not paired and the ad is not approved; the other does not exist): the
    // scans count without a kiosk (app/.server/results/counters.test.ts checks a kiosk that does show it).
    expect(scans.map((row) => row.kioskId)).toEqual([null, null]);
    expect(scans.every((row) => row.adId === id)).toBe(true);
    expect(JSON.stringify(scans[0])).not.toContain("203.0.113.9");

    // The website only once an admin has approved the ad that points there: a pending ad's link stays home.
    await saveAd(services, ownerA, input({ qrTarget: "website" }), id);
    // Each scan from its own address: a second one from the same visitor that day would count nothing.
    const scan = (clientIp: string) =>
      scanShortLink(services, {
        code: shortCode,
        kioskId: "not-a-uuid",
        userAgent: BROWSER,
        clientIp,
      });
    expect(await scan("1.1.1.2")).toEqual({ location: `/business/${listingA}`, counted: true });
    await reviewAd(services, admin, id, { intent: "approve" });
    expect(await scan("1.1.1.3")).toEqual({
      location: "https://a.example",
      counted: true,
    });
  });

  it("keeps the scans of a deleted ad", async () => {
    const { id } = (await saveAd(services, ownerA, input())) as { id: string };
    const [{ shortCode }] = await services.db
      .select({ shortCode: ads.shortCode })
      .from(ads)
      .where(eq(ads.id, id));
    await scanShortLink(services, {
      code: shortCode,
      kioskId: null,
      userAgent: BROWSER,
      clientIp: "1.1.1.1",
    });
    await deleteAd(services, ownerA, id);
    expect(await services.db.select().from(adScans).where(eq(adScans.adId, id))).toHaveLength(1);
  });
});
