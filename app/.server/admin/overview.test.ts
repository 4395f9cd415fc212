import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WeeklyHours } from "~/lib/opening-hours";
import type { Database } from "../infra/db/client";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
} from "../../../tests/support/kiosk-fixtures";
import {
  ads,
  businessClaims,
  businessEdits,
  businesses,
  contactMessages,
  kiosks,
  storySubmissions,
} from "../infra/db/schema";
import { getNetworkOverview } from "../results/network";
import { getAdminOverview } from "./overview";

// docs/product.md#admin-overview on a real database: each count is what its page shows, and owners get nothing.

const admin = { id: "overview-admin", isAdmin: true };
const HOUR = 3600_000;

describe("the admin overview", () => {
  let handle: TestDatabase;
  let db: Database;
  let owner: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    owner = await insertAdvertiser(db);
  });
  afterAll(() => handle?.close());

  it("is for admins only", async () => {
    expect(await getAdminOverview(db, { id: owner, isAdmin: false })).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it("reads zero everywhere on an empty network", async () => {
    expect(await getAdminOverview(db, admin)).toEqual({
      ok: true,
      listings: 0,
      listingEdits: 0,
      claims: 0,
      ads: 0,
      targeting: 0,
      inbox: 0,
      screensDown: 0,
      screensPaired: 0,
    });
  });

  it("counts each queue as its page does, and the screens down as the network page's alerts", async () => {
    const pending = await insertListing(db, owner, { name: "New Bakery" });
    await db.update(businesses).set({ status: "pending" }).where(eq(businesses.id, pending));
    const published = await insertListing(db, owner, { name: "Old Bakery" });
    await db.insert(businessEdits).values({ businessId: published, changes: { name: "Phish Bakery" } });
    const rejected = await insertListing(db, owner, { name: "Gone Bakery" });
    await db.update(businesses).set({ status: "rejected" }).where(eq(businesses.id, rejected));
    await db.insert(businessClaims).values([
      { businessId: published, userId: owner, method: "admin" },
      // An emailed-code claim is decided by the code, not by an admin.
      { businessId: published, userId: owner, method: "email" },
    ]);

    await insertAd(db, owner, published, { review: "pending" });
    await insertAd(db, owner, published, { review: "pending", mediaStatus: "processing" });
    await insertAd(db, owner, published, { review: "pending", paused: true });
    await insertAd(db, owner, published, { review: "approved" });
    const moved = await insertAd(db, owner, published, { review: "approved" });
    await db.update(ads).set({ pendingRadiusMiles: 10 }).where(eq(ads.id, moved));

    await db.insert(contactMessages).values([
      { name: "A", email: "a@example.com", message: "Hi" },
      { name: "B", email: "b@example.com", message: "Done", handledAt: new Date() },
    ]);
    await db
      .insert(storySubmissions)
      .values({ firstName: "C", lastName: "D", email: "c@example.com", story: "…" });

    const silent = await insertKiosk(db, { label: "Silent screen" });
    await db
      .update(kiosks)
      .set({ lastSeenAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(kiosks.id, silent.id));
    const heard = await insertKiosk(db, { label: "Heard screen" });
    await db.update(kiosks).set({ lastSeenAt: new Date() }).where(eq(kiosks.id, heard.id));
    // Not counted: a screen not paired, and a retired one, however long silent.
    await insertKiosk(db, { label: "Spare", paired: false });
    const retired = await insertKiosk(db, { label: "Retired" });
    await db
      .update(kiosks)
      .set({ retiredAt: new Date(), lastSeenAt: new Date(Date.now() - 9 * HOUR) })
      .where(eq(kiosks.id, retired.id));

    const overview = await getAdminOverview(db, admin);
    expect(overview).toEqual({
      ok: true,
      listings: 1,
      listingEdits: 1,
      claims: 1,
      ads: 1,
      targeting: 1,
      inbox: 2,
      screensDown: 1,
      screensPaired: 2,
    });
    const network = await getNetworkOverview(db, admin, { timeZone: "America/Los_Angeles", rawDays: 35 });
    if (!network.ok || !overview.ok) throw new Error("expected both pages' figures");
    expect(network.alerts.map((alert) => alert.label)).toEqual(["Silent screen"]);
    expect(overview.screensDown).toBe(network.alerts.length);

    // Its host closed all week: the silent screen is asleep, not down, on both pages.
    const closed = Object.fromEntries(
      ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, []]),
    ) as unknown as WeeklyHours;
    await db
      .update(businesses)
      .set({ hours: closed, timeZone: "America/Los_Angeles" })
      .where(eq(businesses.id, published));
    await db.update(kiosks).set({ hostBusinessId: published }).where(eq(kiosks.id, silent.id));
    expect(await getAdminOverview(db, admin)).toMatchObject({ screensDown: 0, screensPaired: 2 });
  });
});
