import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adKiosks, kioskPlayRefusals, kiosks } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  PLACES,
  insertPlays,
} from "../../../tests/support/kiosk-fixtures";
import {
  createKiosk,
  listAdPickChoices,
  listKiosks,
  retireKiosk,
  setAdPick,
  unpairKiosk,
  updateKiosk,
} from "./admin-kiosks";
import { findKioskByToken } from "./device-token";
import { timeZoneAt } from "./time-zone";

const admin = { id: "admin-1", isAdmin: true };
const owner = { id: "owner-1", isAdmin: false };
const options = { siteTimeZone: "America/Los_Angeles" };
const form = (fields: Partial<Parameters<typeof createKiosk>[2]> = {}) => ({
  label: "Counter",
  hostBusinessId: null,
  orientation: "portrait" as const,
  timeZone: "",
  ...fields,
});

describe("kiosks in the admin", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let newYorkHost: string;
  let unplacedHost: string;

  beforeAll(async () => {
    services = await createTestServices();
    const advertiser = await insertAdvertiser(services.db);
    newYorkHost = await insertListing(services.db, advertiser, { name: "NY Deli", place: PLACES.newYork });
    unplacedHost = await insertListing(services.db, advertiser, { name: "Nowhere Shop", place: null });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("finds a place's time zone offline, and falls back to the site's", () => {
    expect(timeZoneAt(PLACES.woodlandHills, "UTC")).toBe("America/Los_Angeles");
    expect(timeZoneAt(PLACES.newYork, "UTC")).toBe("America/New_York");
    expect(timeZoneAt({ latitude: 41.88, longitude: -87.63 }, "UTC")).toBe("America/Chicago");
    expect(timeZoneAt({ latitude: null, longitude: null }, "America/Denver")).toBe("America/Denver");
    expect(timeZoneAt({ latitude: 999, longitude: 0 }, "America/Denver")).toBe("America/Denver");
  });

  it("a kiosk takes its place and time zone from its host, else the site's zone; a chosen zone wins", async () => {
    const { db } = services;
    const atHost = await createKiosk(db, admin, form({ hostBusinessId: newYorkHost }), options);
    const noHost = await createKiosk(db, admin, form(), options);
    const unplaced = await createKiosk(db, admin, form({ hostBusinessId: unplacedHost }), options);
    const chosen = await createKiosk(
      db,
      admin,
      form({ hostBusinessId: newYorkHost, timeZone: "America/Chicago" }),
      options,
    );
    const rows = new Map((await db.select().from(kiosks)).map((row) => [row.id, row]));
    const of = (result: typeof atHost) => rows.get(result.ok ? result.id : "")!;
    expect(of(atHost)).toMatchObject({
      timeZone: "America/New_York",
      latitude: PLACES.newYork.latitude,
      longitude: PLACES.newYork.longitude,
      orientation: "portrait",
    });
    expect(of(noHost)).toMatchObject({
      timeZone: "America/Los_Angeles",
      latitude: null,
      hostBusinessId: null,
    });
    expect(of(unplaced)).toMatchObject({
      timeZone: "America/Los_Angeles",
      latitude: null,
      hostBusinessId: unplacedHost,
    });
    expect(of(chosen).timeZone).toBe("America/Chicago");
    expect(
      await createKiosk(db, admin, form({ hostBusinessId: "00000000-0000-4000-8000-000000000000" }), options),
    ).toMatchObject({
      ok: false,
      reason: "unknown-host",
    });
  });

  it("moving a kiosk to another host moves its place and (automatic) zone", async () => {
    const { db } = services;
    const created = await createKiosk(db, admin, form({ label: "Mover" }), options);
    if (!created.ok) throw new Error("refused");
    expect(
      await updateKiosk(
        db,
        admin,
        created.id,
        form({ label: "Moved", hostBusinessId: newYorkHost, orientation: "landscape" }),
        options,
      ),
    ).toEqual({ ok: true, id: created.id });
    const [row] = await db.select().from(kiosks).where(eq(kiosks.id, created.id));
    expect(row).toMatchObject({
      label: "Moved",
      orientation: "landscape",
      timeZone: "America/New_York",
      hostBusinessId: newYorkHost,
    });
  });

  it("lists live state: online within 2 minutes of a heartbeat, offline since, playing, version, storage, last error", async () => {
    const { db } = services;
    const now = new Date("2026-03-04T18:00:00Z");
    const advertiser = await insertAdvertiser(db);
    const adId = await insertAd(db, advertiser, await insertListing(db, advertiser), {
      title: "Fresh bread",
    });
    const online = await insertKiosk(db, { label: "A online" });
    const offline = await insertKiosk(db, { label: "B offline" });
    await insertKiosk(db, { label: "C never" });
    await db
      .update(kiosks)
      .set({
        lastSeenAt: new Date(now.getTime() - 90_000),
        lastHeartbeat: {
          playerVersion: "1.4.0",
          playing: { itemId: `ad:${adId}:0`, adId },
          storageBytes: 1_048_576 * 12.5,
          errors: ["first", "video stalled"],
        },
      })
      .where(eq(kiosks.id, online.id));
    await db
      .update(kiosks)
      .set({
        lastSeenAt: new Date(now.getTime() - 121_000),
        lastHeartbeat: { playing: { itemId: "house:story:x:0", adId: null } },
      })
      .where(eq(kiosks.id, offline.id));
    const play = (startedAt: string) => ({
      id: randomUUID(),
      adId,
      startedAt,
      endedAt: startedAt,
      completed: true,
    });
    const first = play("2026-03-04T17:00:00Z");
    await insertPlays(db, online.id, [first, play("2026-03-04T17:00:10Z")]);
    await insertPlays(db, online.id, [first]); // written again: still one
    const result = await listKiosks(db, admin, now);
    if (!result.ok) throw new Error("refused");
    const byLabel = new Map(result.kiosks.map((kiosk) => [kiosk.label, kiosk]));
    expect(byLabel.get("A online")).toMatchObject({
      online: true,
      paired: true,
      playing: "Fresh bread",
      playerVersion: "1.4.0",
      storageBytes: 13_107_200,
      lastError: "video stalled",
      plays: 2,
    });
    expect(byLabel.get("B offline")).toMatchObject({
      online: false,
      lastSeenAt: "2026-03-04T17:57:59.000Z",
      playing: "A Shine Story slide",
    });
    expect(byLabel.get("C never")).toMatchObject({ online: false, lastSeenAt: null, plays: 0 });
    expect(byLabel.get("A online")!.refusedPlays).toEqual([]);
  });

  it("flags a kiosk that sent implausible plays in the last 7 days, with its counts by reason", async () => {
    const { db } = services;
    const now = new Date("2026-03-04T18:00:00Z");
    const kiosk = await insertKiosk(db, { label: "Forger" });
    const refused = (day: string, reason: string, plays: number) => ({
      kioskId: kiosk.id,
      day,
      reason,
      plays,
      lastAt: now,
    });
    await db.insert(kioskPlayRefusals).values([
      refused("2026-03-04", "future", 5000),
      refused("2026-03-02", "future", 2),
      refused("2026-03-03", "not-served", 40),
      refused("2026-02-01", "overlap", 9), // long ago: no longer shown
    ]);
    const result = await listKiosks(db, admin, now);
    if (!result.ok) throw new Error("refused");
    expect(result.kiosks.find((row) => row.id === kiosk.id)!.refusedPlays).toEqual([
      { reason: "future", plays: 5002 },
      { reason: "not-served", plays: 40 },
    ]);
  });

  it("unpair revokes the token; retire unpairs, drops the kiosk's picks and keeps it listed last", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { label: "Z to retire" });
    expect(await unpairKiosk(db, admin, kiosk.id)).toEqual({ ok: true });
    expect(await findKioskByToken(db, kiosk.token)).toBeNull();
    expect(await unpairKiosk(db, admin, kiosk.id)).toEqual({ ok: false, status: 404 });

    const other = await insertKiosk(db, { label: "AA retired" });
    const advertiser = await insertAdvertiser(db);
    const adId = await insertAd(db, advertiser, await insertListing(db, advertiser));
    expect(await setAdPick(db, admin, { adId, kioskId: other.id, picked: true })).toEqual({ ok: true });
    expect(await setAdPick(db, admin, { adId, kioskId: other.id, picked: true })).toEqual({ ok: true });
    const picks = await listAdPickChoices(db, admin);
    if (!picks.ok) throw new Error("refused");
    expect(picks.ads.find((ad) => ad.id === adId)?.pickedKioskIds).toEqual([other.id]);
    expect(await retireKiosk(db, admin, other.id)).toEqual({ ok: true });
    expect(await findKioskByToken(db, other.token)).toBeNull();
    expect(await db.select().from(adKiosks).where(eq(adKiosks.kioskId, other.id))).toEqual([]);
    expect(await retireKiosk(db, admin, other.id)).toEqual({ ok: false, status: 404 });
    expect(await setAdPick(db, admin, { adId, kioskId: other.id, picked: true })).toEqual({
      ok: false,
      status: 404,
    });
    expect(await updateKiosk(db, admin, other.id, form(), options)).toMatchObject({ ok: false, status: 404 });
    const list = await listKiosks(db, admin);
    if (!list.ok) throw new Error("refused");
    expect(list.kiosks.at(-1)).toMatchObject({ label: "AA retired", paired: false });
    expect(list.kiosks.at(-1)!.retiredAt).not.toBeNull();
  });

  it("refuses a non-admin before reading or writing anything", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { label: "Guarded" });
    const forbidden = { ok: false, status: 403, reason: "forbidden" };
    expect(await listKiosks(db, owner)).toEqual(forbidden);
    expect(await listAdPickChoices(db, owner)).toEqual(forbidden);
    expect(await createKiosk(db, owner, form(), options)).toEqual(forbidden);
    expect(await updateKiosk(db, owner, kiosk.id, form({ label: "Hijacked" }), options)).toEqual(forbidden);
    expect(await unpairKiosk(db, owner, kiosk.id)).toEqual(forbidden);
    expect(await retireKiosk(db, owner, kiosk.id)).toEqual(forbidden);
    expect(await findKioskByToken(db, kiosk.token)).toMatchObject({ label: "Guarded" });
  });
});
