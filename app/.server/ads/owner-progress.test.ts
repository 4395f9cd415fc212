import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adHourlyResults, ads, businesses, kioskPlays, media, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { getOwnerProgress } from "./owner-progress";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

describe("getOwnerProgress", () => {
  let services: TestServices;
  const owner = { id: "progress-owner" };
  const other = { id: "progress-other" };

  beforeAll(async () => {
    services = await createTestServices();
    await services.db
      .insert(users)
      .values([owner, other].map(({ id }) => ({ id, name: id, email: `${id}@example.com` })));
  });
  afterAll(async () => {
    await services.close();
  });

  it("follows the owner's own rows, step by step, and nobody else's", async () => {
    const none = {
      listing: false,
      listingPublished: false,
      media: false,
      ad: false,
      approved: false,
      playing: false,
    };
    expect(await getOwnerProgress(services.db, owner)).toEqual(none);

    // Another owner's whole journey moves nothing for this one.
    const base = {
      industry: "food-industry",
      address: "1 Main",
      city: "Woodland Hills",
      state: "CA",
      zipCode: "91367",
    };
    const [otherListing] = await services.db
      .insert(businesses)
      .values({ ...base, name: "Other", userId: other.id, status: "published" })
      .returning({ id: businesses.id });
    const mediaRow = (userId: string) => ({
      userId,
      title: "Photo",
      fileName: "f.png",
      fileUrl: `/media/${randomUUID()}`,
      storageKey: `${userId}/${randomUUID()}.png`,
      fileType: "image/png",
      fileSize: 10,
      processingStatus: "ready" as const,
    });
    const [otherMedia] = await services.db
      .insert(media)
      .values(mediaRow(other.id))
      .returning({ id: media.id });
    const adRow = (userId: string, businessId: string, mediaId: string) => ({
      userId,
      businessId,
      mediaId,
      title: "Ad",
      imageSeconds: 10,
      startsOn: "2026-01-01",
      qrTarget: "listing" as const,
      shortCode: randomUUID().slice(0, 8),
    });
    const [otherAd] = await services.db
      .insert(ads)
      .values({ ...adRow(other.id, otherListing!.id, otherMedia!.id), reviewStatus: "approved" })
      .returning({ id: ads.id });
    await services.db.insert(kioskPlays).values({
      id: randomUUID(),
      kioskId: randomUUID(),
      adId: otherAd!.id,
      startedAt: new Date(),
      endedAt: new Date(),
      completed: true,
    });
    expect(await getOwnerProgress(services.db, owner)).toEqual(none);

    const [listing] = await services.db
      .insert(businesses)
      .values({ ...base, name: "Mine", userId: owner.id, status: "pending" })
      .returning({ id: businesses.id });
    expect(await getOwnerProgress(services.db, owner)).toMatchObject({
      listing: true,
      listingPublished: false,
    });
    const [mine] = await services.db.insert(media).values(mediaRow(owner.id)).returning({ id: media.id });
    const [ad] = await services.db
      .insert(ads)
      .values({ ...adRow(owner.id, listing!.id, mine!.id), reviewStatus: "approved" })
      .returning({ id: ads.id });
    // Approved, but its listing is still pending: not approved for the screens yet.
    expect(await getOwnerProgress(services.db, owner)).toMatchObject({
      media: true,
      ad: true,
      approved: false,
    });
    await services.db.update(businesses).set({ status: "published" });
    expect(await getOwnerProgress(services.db, owner)).toMatchObject({ approved: true, playing: false });
    // Played: counted in the roll-up (raw plays may be gone by then).
    await services.db
      .insert(adHourlyResults)
      .values({ adId: ad!.id, hour: new Date("2026-11-01T10:00:00Z"), kioskId: randomUUID(), plays: 3 });
    expect(await getOwnerProgress(services.db, owner)).toEqual({
      listing: true,
      listingPublished: true,
      media: true,
      ad: true,
      approved: true,
      playing: true,
    });
  });
});
