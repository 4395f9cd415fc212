import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextItem, type ScreenManifest } from "~/lib/kiosk-player/manifest";
import { ads, kiosks } from "../infra/db/schema";
import { queryRows } from "../infra/db/client";
import { readNetworkFigures } from "../results/network-figures";
import { rollUpResults } from "../results/rollup";
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
import { recordPlays } from "./play-ingest";
import { noRefusals, type RefusalCounts } from "./play-plausibility";
import { kioskRuntime } from "./runtime";

// docs/security.md#proof-of-play, on a real database with the real migrations: a device token in the wrong hands
// posts what it likes; only what that screen could have shown is stored, the rest is refused and counted by
// reason, and an honest screen's offline day is counted whole.

const HOUR = 3600_000;
// Sunday 2026-03-01, 23:00 in Los Angeles: the screen is paired an hour before and served its manifest.
const SERVED = new Date("2026-03-02T07:00:00Z");
const PAIRED = new Date(SERVED.getTime() - HOUR);

let services: Awaited<ReturnType<typeof createTestServices>>;
let honest: { kiosk: DeviceKiosk; manifest: ScreenManifest };
let rogue: { kiosk: DeviceKiosk; manifest: ScreenManifest };
const ids: Record<string, string> = {};

async function kioskServed(label: string, at = SERVED) {
  const { token, id } = await insertKiosk(services.db, { label, place: PLACES.woodlandHills });
  await services.db.update(kiosks).set({ pairedAt: PAIRED }).where(eq(kiosks.id, id));
  const kiosk = (await findKioskByToken(services.db, token))!;
  return { kiosk, manifest: await serve(kiosk, at) };
}

async function serve(kiosk: DeviceKiosk, now: Date): Promise<ScreenManifest> {
  const runtime = kioskRuntime(services);
  runtime.catalog.invalidate();
  const answer = await readManifest(runtime, kiosk, { ifNoneMatch: null, now });
  if (answer.status !== 200) throw new Error("expected a manifest");
  return answer.manifest;
}

const play = (adId: string | null, startedAt: number, ms = 8_000, itemId = "house:free-kiosk:0") => ({
  id: randomUUID(),
  adId,
  itemId: adId ? `ad:${adId}:0` : itemId,
  startedAt: new Date(startedAt).toISOString(),
  endedAt: new Date(startedAt + ms).toISOString(),
  completed: true,
});

const refused = (counts: Partial<RefusalCounts>) => ({ ...noRefusals(), ...counts });

async function countedRefusals(kioskId: string) {
  const rows = await queryRows<{ reason: string; plays: number }>(
    services.db,
    sql`select reason, sum(plays)::int as plays from kiosk_play_refusals where kiosk_id = ${kioskId}::uuid
        group by reason`,
  );
  return Object.fromEntries(rows.map((row) => [row.reason, row.plays]));
}

beforeAll(async () => {
  services = await createTestServices();
  const { db } = services;
  const owner = await insertAdvertiser(db);
  const victim = await insertAdvertiser(db);
  const here = await insertListing(db, owner, { place: PLACES.woodlandHills });
  const theirs = await insertListing(db, victim, { name: "Moonlight Barber", place: PLACES.woodlandHills });
  const far = await insertListing(db, owner, { name: "NY Deli", place: PLACES.newYork });
  ids.always = await insertAd(db, owner, here, { title: "Always", imageSeconds: 8 });
  // Monday mornings only, in the kiosk's zone.
  ids.mornings = await insertAd(db, owner, here, {
    title: "Mornings",
    imageSeconds: 10,
    schedule: [{ days: [1], start: "07:00", end: "11:00" }],
  });
  ids.video = await insertAd(db, owner, here, { title: "Video", mediaKind: "video" });
  ids.unapproved = await insertAd(db, victim, theirs, { title: "Never approved", review: "pending" });
  ids.far = await insertAd(db, owner, far, { title: "Far away" });
  honest = await kioskServed("Honest");
  rogue = await kioskServed("Rogue");
});
afterAll(async () => {
  await services?.close();
});

describe("proof of play", () => {
  it("counts a simulated offline day of honest plays whole, across schedule windows", async () => {
    const { kiosk, manifest } = honest;
    // The screen plays its manifest round and round by the player's own rules, from just after the manifest
    // arrived until 23 hours later, without a network; then it sends everything in batches of 500.
    const day: ReturnType<typeof play>[] = [];
    let at = SERVED.getTime() + 2_000;
    let position = -1;
    let lastAdId: string | null = null;
    while (at < SERVED.getTime() + 23 * HOUR) {
      const next = nextItem(manifest, position, new Date(at), { lastAdId });
      if (!next) throw new Error("nothing to play");
      const ms = next.item.media.kind === "video" ? 12_400 : next.item.seconds * 1000;
      day.push(play(next.item.adId, at, ms, next.item.id));
      position = next.index;
      lastAdId = next.item.adId;
      at += ms + 40; // the next item starts once this one has ended and the next file is loaded
    }
    const mornings = day.filter((one) => one.adId === ids.mornings).length;
    expect(mornings).toBeGreaterThan(100); // Monday 07:00-11:00 was in the day
    let stored = 0;
    const uploadedAt = new Date(SERVED.getTime() + 23.5 * HOUR);
    for (let i = 0; i < day.length; i += 500) {
      const reply = await recordPlays(kioskRuntime(services), kiosk.id, day.slice(i, i + 500), uploadedAt);
      expect(reply.refused).toEqual(noRefusals());
      stored += reply.stored;
    }
    expect(stored).toBe(day.length);
    // Sent again (a reply was lost): all duplicates, nothing refused.
    const again = await recordPlays(kioskRuntime(services), kiosk.id, day.slice(0, 500), uploadedAt);
    expect(again).toEqual({ stored: 0, duplicates: 500, ignored: 0, refused: noRefusals() });
    expect(await countedRefusals(kiosk.id)).toEqual({});
  });

  it("refuses forged, never-served, future, too-long, off-schedule and before-pairing plays, and says why", async () => {
    const { kiosk } = rogue;
    const now = new Date(SERVED.getTime() + 2 * HOUR);
    const base = SERVED.getTime() + HOUR; // Monday 00:00 in Los Angeles
    const batch = [
      play(ids.always!, base), // stored
      play(ids.unapproved!, base + 10_000), // another owner's ad, never approved, in no manifest
      play(ids.far!, base + 20_000), // served to kiosks in New York, never to this one
      { ...play(ids.always!, base + 30_000), endedAt: "9999-12-31T23:59:59.000Z" },
      play(null, now.getTime() + 5 * 60_000), // starts in the future
      play(null, base + 40_000, 60_000), // a 10-second slide shown for a minute
      play(ids.mornings!, base + 110_000, 10_000), // its window opens at 07:00
      play(null, PAIRED.getTime() - 10 * 60_000), // before this screen was paired
      play(null, base + 120_000, 8_000, "house:story:00000000-0000-4000-8000-000000000000:0"), // no such slide
      { ...play(null, base + 130_000), kioskId: honest.kiosk.id }, // claims another kiosk: ignored
      "junk",
    ];
    const reply = await recordPlays(kioskRuntime(services), kiosk.id, batch, now);
    expect(reply).toEqual({
      stored: 1,
      duplicates: 0,
      ignored: 2,
      refused: refused({
        "not-served": 3,
        future: 2,
        "too-long": 1,
        "off-schedule": 1,
        "before-pairing": 1,
      }),
    });
    const counted = {
      "not-served": 3,
      future: 2,
      "too-long": 1,
      "off-schedule": 1,
      "before-pairing": 1,
    };
    expect(await countedRefusals(kiosk.id)).toEqual(counted);
    // The batch sent again (its answer lost on the way): answered alike, each refused play still counted once.
    const again = await recordPlays(kioskRuntime(services), kiosk.id, batch, now);
    expect(again).toEqual({ ...reply, stored: 0, duplicates: 1 });
    expect(await countedRefusals(kiosk.id)).toEqual(counted);
  });

  it("refuses plays overlapping each other or stored plays, however the batches are sent", async () => {
    const { kiosk } = rogue;
    const now = new Date(SERVED.getTime() + 4 * HOUR);
    const at = SERVED.getTime() + 3 * HOUR;
    const first = await recordPlays(
      kioskRuntime(services),
      kiosk.id,
      [play(ids.always!, at), play(null, at + 4_000), play(ids.video!, at + 8_000, 12_400)],
      now,
    );
    expect(first).toMatchObject({ stored: 2, refused: refused({ overlap: 1 }) });
    // The same moments again under new ids, in two batches sent at once: nothing more is stored.
    const burst = Array.from({ length: 40 }, (_, n) => play(null, at + n * 500, 8_000));
    const replies = await Promise.all([
      recordPlays(kioskRuntime(services), kiosk.id, burst.slice(0, 20), now),
      recordPlays(kioskRuntime(services), kiosk.id, burst.slice(20), now),
    ]);
    // Every one of them starts while a stored play is on screen.
    expect(replies.reduce((sum, one) => sum + one.stored, 0)).toBe(0);
    expect(replies.reduce((sum, one) => sum + one.refused.overlap, 0)).toBe(40);
    const [{ n }] = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from kiosk_plays a join kiosk_plays b
            on a.kiosk_id = b.kiosk_id and a.id < b.id
           and a.started_at < b.ended_at and b.started_at < a.ended_at
          where a.kiosk_id = ${kiosk.id}::uuid`,
    );
    expect(n).toBe(0); // never two things on one screen at once
    // Sent again, in the other order: counted once each, whether refused in the batch or against stored plays.
    expect((await countedRefusals(kiosk.id)).overlap).toBe(41);
    await recordPlays(kioskRuntime(services), kiosk.id, burst.slice(20), now);
    await recordPlays(kioskRuntime(services), kiosk.id, burst.slice(0, 20), now);
    expect((await countedRefusals(kiosk.id)).overlap).toBe(41);
  });

  it("an attacker's thousands of plays for another owner's ad add nothing to any figure", async () => {
    const { kiosk } = rogue;
    const month = { timeZone: "America/Los_Angeles", rawDays: 35 };
    const rollUp = () => rollUpResults(services.db, { ...month, now: new Date(Date.now() + 10_000) });
    await rollUp();
    const before = await readNetworkFigures(services.db, month);
    const at = Date.now() - 10 * 60_000;
    let stored = 0;
    for (let i = 0; i < 10; i++) {
      const flood = Array.from({ length: 500 }, (_, n) => ({
        ...play(n % 2 ? ids.unapproved! : ids.always!, at),
        endedAt: "9999-12-31T00:00:00.000Z",
      }));
      stored += (await recordPlays(kioskRuntime(services), kiosk.id, flood)).stored;
    }
    expect(stored).toBe(0);
    expect((await countedRefusals(kiosk.id)).future).toBeGreaterThanOrEqual(5_000);
    await rollUp();
    expect(await readNetworkFigures(services.db, month)).toEqual(before);
    const [unapproved] = await queryRows<{ plays: number; screen_ms: number }>(
      services.db,
      sql`select coalesce(sum(plays), 0)::int as plays, coalesce(sum(screen_ms), 0)::int as screen_ms
          from ad_hourly_results where ad_id = ${ids.unapproved}::uuid`,
    );
    expect(unapproved).toEqual({ plays: 0, screen_ms: 0 });
  });

  it("a withdrawn ad's plays count until the screen could have switched, not after", async () => {
    const { kiosk } = await kioskServed("Paused later");
    await services.db.update(ads).set({ pausedAt: new Date() }).where(eq(ads.id, ids.always!));
    const pausedAt = SERVED.getTime() + 2 * HOUR;
    try {
      await serve(kiosk, new Date(pausedAt)); // the screen is told the ad stopped
      const reply = await recordPlays(
        kioskRuntime(services),
        kiosk.id,
        [play(ids.always!, pausedAt - 60_000), play(ids.always!, pausedAt + HOUR)],
        new Date(pausedAt + 2 * HOUR),
      );
      expect(reply).toMatchObject({ stored: 1, refused: refused({ "not-served": 1 }) });
    } finally {
      await services.db.update(ads).set({ pausedAt: null }).where(eq(ads.id, ids.always!));
    }
  });

  it("a screen that never got a manifest has nothing to prove", async () => {
    const { id } = await insertKiosk(services.db, { label: "Never served" });
    const reply = await recordPlays(kioskRuntime(services), id, [play(null, Date.now() - 60_000)]);
    expect(reply).toMatchObject({ stored: 0, refused: refused({ "not-served": 1 }) });
  });
});
