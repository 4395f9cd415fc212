import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adKiosks, kioskGroupMembers, kiosks } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  insertReadyMedia,
  PLACES,
} from "../../../tests/support/kiosk-fixtures";
import { eq } from "drizzle-orm";
import { readManifest } from "./device-api";
import { findKioskByToken, type DeviceKiosk } from "./device-token";
import {
  createGroup,
  deleteGroup,
  listGroups,
  renameGroup,
  retireGroup,
  setGroupAds,
  setGroupMembers,
  unpairGroup,
} from "./groups";
import { waitForNewerManifest } from "./manifest-wait";
import { kioskRuntime } from "./runtime";
import { clearTakeover, publishTakeover } from "./takeovers";

// Screen groups and priority messages (docs/product.md#screen-groups, #priority-messages) on a real database with
// the real migrations: a screen outside a group never gets the group's ad or message in its manifest; a change of
// membership changes the versions of exactly the screens it concerns; the held wait answers as soon as one changes.

const NOW = new Date("2026-03-04T18:00:00Z");
const ADMIN = { id: "admin-1", isAdmin: true };
const OWNER = { id: "owner-1", isAdmin: false };

describe("screen groups and priority messages", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let inside: DeviceKiosk;
  let outside: DeviceKiosk;
  let faraway: DeviceKiosk;
  let groupId = "";
  let groupAd = "";
  let radiusAd = "";
  let advertiser = "";

  async function manifestOf(target: DeviceKiosk, now = NOW) {
    const runtime = kioskRuntime(services);
    runtime.catalog.invalidate();
    const answer = await readManifest(runtime, target, { ifNoneMatch: null, now });
    if (answer.status !== 200) throw new Error("304");
    return answer.manifest;
  }
  const adIdsOf = async (target: DeviceKiosk) =>
    new Set((await manifestOf(target)).items.flatMap((item) => (item.adId ? [item.adId] : [])));

  beforeAll(async () => {
    services = await createTestServices({ APP_URL: "https://shine.example" });
    const { db } = services;
    advertiser = await insertAdvertiser(db);
    await insertAdvertiser(db, ADMIN.id);
    const here = await insertListing(db, advertiser, { place: PLACES.canogaPark });
    // Within 5 miles of Canoga Park: inside and outside both get the radius ad; New York gets it from no radius.
    groupAd = await insertAd(db, advertiser, here, { title: "Group ad", radiusMiles: 5 });
    radiusAd = await insertAd(db, advertiser, here, { title: "Radius ad", radiusMiles: 5 });
    const find = async (fixture: Parameters<typeof insertKiosk>[1]) =>
      (await findKioskByToken(db, (await insertKiosk(db, fixture)).token))!;
    inside = await find({ label: "Inside", place: PLACES.woodlandHills });
    outside = await find({ label: "Outside", place: PLACES.woodlandHills });
    faraway = await find({ label: "Far away", place: PLACES.newYork, timeZone: "America/New_York" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("refuses everyone but an admin, changing nothing", async () => {
    const { db } = services;
    expect(await createGroup(db, OWNER, "Valley cafés")).toMatchObject({ ok: false, status: 403 });
    expect(await listGroups(db, OWNER)).toMatchObject({ ok: false, status: 403 });
    const made = await createGroup(db, ADMIN, "Valley cafés");
    if (!made.ok) throw new Error("not created");
    groupId = made.id;
    for (const refused of [
      await renameGroup(db, OWNER, groupId, "Mine"),
      await setGroupMembers(db, OWNER, groupId, [inside.id]),
      await setGroupAds(db, OWNER, groupId, [groupAd]),
      await unpairGroup(db, OWNER, groupId),
      await retireGroup(db, OWNER, groupId),
      await deleteGroup(db, OWNER, groupId),
      await publishTakeover(db, OWNER, takeoverForm(), { siteTimeZone: "UTC", now: NOW }),
    ])
      expect(refused).toMatchObject({ ok: false, status: 403 });
    const listed = await listGroups(db, ADMIN);
    expect(listed.ok && listed.groups).toEqual([
      { id: groupId, name: "Valley cafés", kioskIds: [], adIds: [] },
    ]);
    // Names are unique whatever their case.
    expect(await createGroup(db, ADMIN, "valley CAFÉS")).toMatchObject({ ok: false, status: 409 });
  });

  it("an ad targeting a group plays on its members only, never on a screen outside it, whatever its radius", async () => {
    const { db } = services;
    expect(await setGroupMembers(db, ADMIN, groupId, [inside.id, faraway.id])).toMatchObject({ ok: true });
    const before = {
      inside: (await manifestOf(inside)).version,
      outside: (await manifestOf(outside)).version,
      faraway: (await manifestOf(faraway)).version,
    };
    expect(await setGroupAds(db, ADMIN, groupId, [groupAd])).toMatchObject({ ok: true });

    expect(await adIdsOf(inside)).toEqual(new Set([groupAd, radiusAd]));
    expect(await adIdsOf(faraway)).toEqual(new Set([groupAd]));
    expect(await adIdsOf(outside)).toEqual(new Set([radiusAd]));
    // Exactly the screens whose content changed get a new version: the one outside lost the ad, the far one
    // gained it; the one inside had it already (by its radius).
    expect((await manifestOf(outside)).version).not.toBe(before.outside);
    expect((await manifestOf(faraway)).version).not.toBe(before.faraway);
    expect((await manifestOf(inside)).version).toBe(before.inside);

    // Hand-picked kiosks and groups add up: picked for the screen outside, the ad plays there too.
    await db.insert(adKiosks).values({ adId: groupAd, kioskId: outside.id });
    expect(await adIdsOf(outside)).toEqual(new Set([groupAd, radiusAd]));
    await db.delete(adKiosks).where(eq(adKiosks.adId, groupAd));
    expect(await adIdsOf(outside)).toEqual(new Set([radiusAd]));
  });

  it("a change of members reaches the screens at their next poll: the versions change", async () => {
    const { db } = services;
    const was = { inside: (await manifestOf(inside)).version, outside: (await manifestOf(outside)).version };
    await setGroupMembers(db, ADMIN, groupId, [outside.id, faraway.id]);
    expect(await adIdsOf(inside)).toEqual(new Set([radiusAd]));
    expect(await adIdsOf(outside)).toEqual(new Set([groupAd, radiusAd]));
    expect((await manifestOf(inside)).version).not.toBe(was.inside);
    expect((await manifestOf(outside)).version).not.toBe(was.outside);
    // Retired kiosks and unknown ids are left out of a group.
    await setGroupMembers(db, ADMIN, groupId, [inside.id, "not-an-id", crypto.randomUUID()]);
    const listed = await listGroups(db, ADMIN);
    expect(listed.ok && listed.groups[0]!.kioskIds).toEqual([inside.id]);
  });

  it("a group's deletion sends its ads back to their radius", async () => {
    const { db } = services;
    const other = await createGroup(db, ADMIN, "Chain stores");
    if (!other.ok) throw new Error("not created");
    await setGroupAds(db, ADMIN, other.id, [radiusAd]);
    expect(await adIdsOf(outside)).toEqual(new Set([]));
    await deleteGroup(db, ADMIN, other.id);
    expect(await adIdsOf(outside)).toEqual(new Set([radiusAd]));
  });

  it("a message reaches the group's screens only, and every screen when sent to all; cleared, it is gone", async () => {
    const { db } = services;
    const toGroup = await publishTakeover(
      db,
      ADMIN,
      takeoverForm({ audience: "groups", groupIds: [groupId] }),
      { siteTimeZone: "UTC", now: NOW },
    );
    if (!toGroup.ok) throw new Error("not published");
    const messagesOf = async (target: DeviceKiosk) =>
      ((await manifestOf(target)).takeovers ?? []).map((takeover) => takeover.headline);
    expect(await messagesOf(inside)).toEqual(["Closed for the parade"]);
    expect(await messagesOf(outside)).toEqual([]);
    expect((await manifestOf(inside)).takeovers![0]).toMatchObject({
      startsAt: NOW.toISOString(),
      endsAt: null,
      color: "#b91c1c",
      image: null,
    });
    // Never an item: nothing of it is a play a screen could be credited with.
    expect((await manifestOf(inside)).items.some((item) => item.id.includes(toGroup.id))).toBe(false);

    await clearTakeover(db, ADMIN, toGroup.id, NOW);
    expect(await messagesOf(inside)).toEqual([]);

    const mediaId = await insertReadyMedia(db, ADMIN.id);
    const toAll = await publishTakeover(db, ADMIN, takeoverForm({ endsAt: "2026-03-04T19:00", mediaId }), {
      siteTimeZone: "UTC",
      now: NOW,
    });
    if (!toAll.ok) throw new Error(`not published: ${JSON.stringify(toAll)}`);
    for (const target of [inside, outside, faraway])
      expect(await messagesOf(target)).toEqual(["Closed for the parade"]);
    // Its picture is the admin's screen rendition, which the screen stores with its other files.
    expect((await manifestOf(faraway)).takeovers![0]!.image).toMatchObject({
      url: expect.stringContaining(`r/${mediaId}.webp`),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // It ends by itself: past its end it is in no manifest.
    expect(((await manifestOf(outside, new Date("2026-03-04T19:00:01Z"))).takeovers ?? []).length).toBe(0);
  });

  it("refuses an end before the start or in the past, and a picture that is not the admin's", async () => {
    const { db } = services;
    const options = { siteTimeZone: "America/Los_Angeles", now: NOW };
    expect(
      await publishTakeover(
        db,
        ADMIN,
        takeoverForm({ startsAt: "2026-03-04T12:00", endsAt: "2026-03-04T11:00" }),
        options,
      ),
    ).toMatchObject({ ok: false, status: 400, field: "endsAt" });
    expect(
      await publishTakeover(db, ADMIN, takeoverForm({ endsAt: "2026-03-04T09:00" }), options),
    ).toMatchObject({
      ok: false,
      field: "endsAt",
    });
    const someoneElses = await insertReadyMedia(db, advertiser);
    expect(await publishTakeover(db, ADMIN, takeoverForm({ mediaId: someoneElses }), options)).toMatchObject({
      ok: false,
      field: "mediaId",
    });
    expect(
      await publishTakeover(db, ADMIN, takeoverForm({ audience: "groups", groupIds: [] }), options),
    ).toMatchObject({ ok: false, field: "groupIds" });
  });

  it("the held wait answers as soon as the screen's manifest changes, and after its time with nothing new", async () => {
    const { db } = services;
    const runtime = kioskRuntime(services);
    runtime.catalog.invalidate();
    const { version } = await runtime.manifests.current(outside);
    const quiet = await waitForNewerManifest(runtime, outside, version, { maxMs: 300, checkMs: 50 });
    expect(quiet).toEqual({ newer: false, version, held: true });

    const waiting = waitForNewerManifest(runtime, outside, version, { maxMs: 60_000, checkMs: 50 });
    await setGroupMembers(db, ADMIN, groupId, [inside.id, outside.id]);
    runtime.catalog.invalidate();
    const answer = await waiting;
    expect(answer.newer).toBe(true);
    expect(answer.version).not.toBe(version);
    // A screen that names an old version is answered at once.
    expect(await waitForNewerManifest(runtime, outside, "old", { maxMs: 60_000 })).toMatchObject({
      newer: true,
    });
  });

  it("unpairs or retires a whole group at once", async () => {
    const { db } = services;
    expect(await unpairGroup(db, ADMIN, groupId)).toEqual({ ok: true, count: 2 });
    const rows = await db
      .select({ id: kiosks.id, hash: kiosks.deviceTokenHash, retiredAt: kiosks.retiredAt })
      .from(kiosks);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(inside.id)!.hash).toBeNull();
    expect(byId.get(outside.id)!.hash).toBeNull();
    expect(byId.get(faraway.id)!.hash).not.toBeNull();
    expect(await retireGroup(db, ADMIN, groupId)).toEqual({ ok: true, count: 2 });
    const after = await db.select({ id: kiosks.id, retiredAt: kiosks.retiredAt }).from(kiosks);
    expect(
      after
        .filter((row) => row.retiredAt)
        .map((row) => row.id)
        .sort(),
    ).toEqual([inside.id, outside.id].sort());
    const members = await db.select().from(kioskGroupMembers).where(eq(kioskGroupMembers.groupId, groupId));
    expect(members).toHaveLength(2);
  });
});

function takeoverForm(
  overrides: Partial<Parameters<typeof publishTakeover>[2]> = {},
): Parameters<typeof publishTakeover>[2] {
  return {
    intent: "publish",
    headline: "Closed for the parade",
    body: "Back at 4 pm.",
    color: "#b91c1c",
    mediaId: null,
    audience: "all",
    groupIds: [],
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}
