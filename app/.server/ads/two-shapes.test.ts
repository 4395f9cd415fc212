import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AD_MESSAGES, AdSchema } from "~/lib/ad-schemas";
import { ads, kiosks } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAdvertiser,
  insertKiosk,
  insertListing,
  insertReadyMedia,
  PLACES,
} from "../../../tests/support/kiosk-fixtures";
import { readManifest } from "../kiosks/device-api";
import { findKioskByToken, type DeviceKiosk } from "../kiosks/device-token";
import { kioskRuntime } from "../kiosks/runtime";
import { deleteMedia } from "../media/media";
import { getAdForOwner } from "./owner-ads";
import { saveAd } from "./save-ad";

// docs/product.md#ads, "Two shapes", on a real database: an ad may carry a tall and a wide version, the second is
// checked and reviewed like the first, and each screen plays the version that fits it.

const NOW = new Date("2026-03-04T18:00:00Z");

describe("an ad in two shapes", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let owner: { id: string };
  let other: { id: string };
  let listing: string;
  let tallImage: string;
  let wideVideo: string;
  let otherTall: string;
  let strangersWide: string;
  let portraitKiosk: DeviceKiosk;
  let landscapeKiosk: DeviceKiosk;

  const raw = (overrides: Record<string, unknown> = {}) => ({
    title: "Two shapes",
    businessId: listing,
    mediaId: tallImage,
    altMediaId: wideVideo,
    imageSeconds: "9",
    startsOn: "2026-03-01",
    qrTarget: "listing",
    radiusMiles: "5",
    ...overrides,
  });
  const input = (overrides: Record<string, unknown> = {}) => AdSchema.parse(raw(overrides));

  async function itemOn(kiosk: DeviceKiosk, adId: string) {
    const runtime = kioskRuntime(services);
    runtime.catalog.invalidate();
    const answer = await readManifest(runtime, kiosk, { ifNoneMatch: null, now: NOW });
    if (answer.status !== 200) throw new Error("expected a manifest");
    return answer.manifest.items.find((item) => item.adId === adId);
  }

  beforeAll(async () => {
    services = await createTestServices({ APP_URL: "https://shine.example" });
    const { db } = services;
    owner = { id: await insertAdvertiser(db) };
    other = { id: await insertAdvertiser(db) };
    listing = await insertListing(db, owner.id, { place: PLACES.canogaPark });
    tallImage = await insertReadyMedia(db, owner.id, { shape: "portrait" });
    wideVideo = await insertReadyMedia(db, owner.id, { kind: "video", shape: "landscape" });
    otherTall = await insertReadyMedia(db, owner.id, { kind: "video", shape: "portrait" });
    strangersWide = await insertReadyMedia(db, other.id, { shape: "landscape" });
    const tall = await insertKiosk(db, { label: "Tall screen", place: PLACES.woodlandHills });
    const wide = await insertKiosk(db, { label: "Wide screen", place: PLACES.woodlandHills });
    await db.update(kiosks).set({ orientation: "landscape" }).where(eq(kiosks.id, wide.id));
    portraitKiosk = (await findKioskByToken(db, tall.token))!;
    landscapeKiosk = (await findKioskByToken(db, wide.token))!;
  });
  afterAll(() => services?.close());

  it("refuses a second version that is the same file, the same shape, or not the owner's", async () => {
    expect(AdSchema.safeParse(raw({ altMediaId: tallImage })).error?.issues[0]).toMatchObject({
      path: ["altMediaId"],
      message: AD_MESSAGES.altMediaSame,
    });
    expect(await saveAd(services, owner, input({ altMediaId: otherTall }))).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { altMediaId: AD_MESSAGES.altMediaSameShape },
    });
    expect(await saveAd(services, owner, input({ altMediaId: strangersWide }))).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { altMediaId: AD_MESSAGES.mediaRequired },
    });
  });

  it("plays the tall version on a portrait screen and the wide one on a landscape screen, each for its own time", async () => {
    const saved = await saveAd(services, owner, input());
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const view = await getAdForOwner(services, owner, saved.id);
    expect(view).toMatchObject({ shape: "portrait", alt: { mediaId: wideVideo, shape: "landscape" } });
    // Pending: on no screen.
    expect(await itemOn(portraitKiosk, saved.id)).toBeUndefined();

    await services.db.update(ads).set({ reviewStatus: "approved" }).where(eq(ads.id, saved.id));
    const tall = await itemOn(portraitKiosk, saved.id);
    const wide = await itemOn(landscapeKiosk, saved.id);
    expect(tall?.media).toMatchObject({ kind: "image", width: 1080, height: 1920 });
    expect(tall?.seconds).toBe(9);
    expect(wide?.media).toMatchObject({ kind: "video", width: 1920, height: 1080 });
    expect(wide?.seconds).toBe(13);

    // A new second version is new content: back to review, and off every screen until approved.
    const changed = await saveAd(services, owner, input({ altMediaId: "" }), saved.id);
    expect(changed).toMatchObject({ ok: true, resubmitted: true });
    await services.db.update(ads).set({ reviewStatus: "approved" }).where(eq(ads.id, saved.id));
    expect((await itemOn(landscapeKiosk, saved.id))?.media).toMatchObject({ kind: "image", height: 1920 });
  });

  it("deleting the second version's file keeps the ad, which then plays its main version everywhere", async () => {
    const saved = await saveAd(services, owner, input({ title: "Kept" }));
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    await services.db.update(ads).set({ reviewStatus: "approved" }).where(eq(ads.id, saved.id));
    expect((await itemOn(landscapeKiosk, saved.id))?.media.kind).toBe("video");

    expect(await deleteMedia(services, owner, wideVideo)).toMatchObject({ ok: true });
    const [row] = await services.db.select().from(ads).where(eq(ads.id, saved.id));
    expect(row).toMatchObject({ altMediaId: null, reviewStatus: "approved" });
    expect((await itemOn(landscapeKiosk, saved.id))?.media).toMatchObject({ kind: "image", height: 1920 });
  });
});
