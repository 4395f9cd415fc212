import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kiosks } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
} from "../../../tests/support/kiosk-fixtures";
import { readManifest } from "./device-api";
import { findKioskByToken } from "./device-token";
import { DeviceGuessLimiter } from "./guess-limit";
import { checkPairing, claimPairing, startPairing } from "./pairing";
import { PLAY_CONTEXT_TTL_MS, PlayContexts } from "./play-context";
import { recordPlays, type PlayIngest } from "./play-ingest";
import { noRefusals, WITHDRAWN_GRACE_MS, type RefusalCounts } from "./play-plausibility";
import { kioskRuntime } from "./runtime";

// docs/security.md#proof-of-play: what play ingest caches of a kiosk (play-context.ts) never makes it refuse an
// honest play nor accept one the database would refuse. Each test first has a batch checked, so the kiosk's
// context is cached, then changes what the kiosk was served or its pairing, the way this process or another
// instance would, and sends the next batch.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let services: Awaited<ReturnType<typeof createTestServices>>;
let owner: string;
let listing: string;
let adId: string;

const play = (ad: string, startedAt: number) => ({
  id: randomUUID(),
  adId: ad,
  itemId: `ad:${ad}:0`,
  startedAt: new Date(startedAt).toISOString(),
  endedAt: new Date(startedAt + 8_000).toISOString(),
  completed: true,
});
const refused = (counts: Partial<RefusalCounts>) => ({ ...noRefusals(), ...counts });

/** A kiosk paired at `pairedAt` and served its manifest then (by this process). */
async function servedKiosk(pairedAt: number) {
  const { id, token } = await insertKiosk(services.db);
  await services.db
    .update(kiosks)
    .set({ pairedAt: new Date(pairedAt) })
    .where(eq(kiosks.id, id));
  const kiosk = (await findKioskByToken(services.db, token))!;
  const runtime = kioskRuntime(services);
  runtime.catalog.invalidate();
  await readManifest(runtime, kiosk, { ifNoneMatch: null, now: new Date(pairedAt) });
  return kiosk;
}

beforeAll(async () => {
  services = await createTestServices();
  owner = await insertAdvertiser(services.db);
  listing = await insertListing(services.db, owner);
  adId = await insertAd(services.db, owner, listing, { title: "Cached" });
});
afterAll(async () => {
  await services?.close();
});

describe("play contexts cached per process", () => {
  it("an item another instance served is accepted on the next batch", async () => {
    const ingest = kioskRuntime(services);
    const start = Date.now() - 2 * HOUR;
    const kiosk = await servedKiosk(start);
    expect(await recordPlays(ingest, kiosk.id, [play(adId, start + MINUTE)])).toMatchObject({ stored: 1 });
    // Another instance serves the kiosk a manifest with a new ad: its rows, written straight to the database.
    const newer = await insertAd(services.db, owner, listing, { title: "Served elsewhere" });
    await services.db.execute(sql`
      insert into kiosk_served_items
        (kiosk_id, item_key, ad_id, served_hash, max_ms, timing, time_zone, first_served_at)
      values (${kiosk.id}::uuid, ${`ad:${newer}`}, ${newer}::uuid, ${randomUUID()}, 11000,
              '{"startsOn":"2020-01-01","endsOn":null,"schedule":[]}'::jsonb, 'America/Los_Angeles',
              ${new Date(start + HOUR).toISOString()}::timestamptz)`);
    const reply = await recordPlays(ingest, kiosk.id, [
      play(adId, start + HOUR + MINUTE),
      play(newer, start + HOUR + 2 * MINUTE),
    ]);
    expect(reply).toEqual({ stored: 2, duplicates: 0, ignored: 0, refused: noRefusals() });
  });

  it("a manifest this process serves ends a withdrawn ad's plays after the grace, as without the cache", async () => {
    const ingest = kioskRuntime(services);
    const start = Date.now() - 3 * HOUR;
    const kiosk = await servedKiosk(start);
    const paused = await insertAd(services.db, owner, listing, { title: "Paused soon" });
    ingest.catalog.invalidate();
    await readManifest(ingest, kiosk, { ifNoneMatch: null, now: new Date(start + MINUTE) });
    expect(await recordPlays(ingest, kiosk.id, [play(paused, start + 2 * MINUTE)])).toMatchObject({
      stored: 1,
    });
    await services.db.execute(sql`update ads set paused_at = now() where id = ${paused}::uuid`);
    ingest.catalog.invalidate();
    const pausedAt = start + HOUR;
    await readManifest(ingest, kiosk, { ifNoneMatch: null, now: new Date(pausedAt) });
    const reply = await recordPlays(ingest, kiosk.id, [
      play(paused, pausedAt + WITHDRAWN_GRACE_MS - MINUTE),
      play(paused, pausedAt + WITHDRAWN_GRACE_MS + MINUTE),
    ]);
    expect(reply).toMatchObject({ stored: 1, refused: refused({ "not-served": 1 }) });
  });

  it("a withdrawal by another instance ends the grace too: no context outlives it", async () => {
    let clock = 0;
    const ingest: PlayIngest = {
      db: services.db,
      dbKind: services.database.kind,
      playContexts: new PlayContexts(() => clock),
    };
    const start = Date.now() - 3 * HOUR;
    const kiosk = await servedKiosk(start);
    expect(await recordPlays(ingest, kiosk.id, [play(adId, start + MINUTE)])).toMatchObject({ stored: 1 });
    // Another instance serves a manifest without the ad at `withdrawnAt`.
    const withdrawnAt = start + HOUR;
    await services.db
      .execute(sql`update kiosk_served_items set withdrawn_at = ${new Date(withdrawnAt).toISOString()}
                                  where kiosk_id = ${kiosk.id}::uuid and ad_id = ${adId}::uuid`);
    // The screen may play it on until the grace ends: a context read before the withdrawal still says so.
    clock += MINUTE;
    const early = await recordPlays(
      ingest,
      kiosk.id,
      [play(adId, withdrawnAt + MINUTE)],
      new Date(withdrawnAt + MINUTE + 10_000),
    );
    expect(early).toMatchObject({ stored: 1, refused: noRefusals() });
    // A play after the grace can only arrive after it: by then the cached context has expired.
    const late = withdrawnAt + WITHDRAWN_GRACE_MS + MINUTE;
    clock += late - withdrawnAt;
    expect(clock).toBeGreaterThan(PLAY_CONTEXT_TTL_MS);
    const reply = await recordPlays(ingest, kiosk.id, [play(adId, late)], new Date(late + 10_000));
    expect(reply).toMatchObject({ stored: 0, refused: refused({ "not-served": 1 }) });
  });

  it("a kiosk paired again refuses plays from before its new pairing at once", async () => {
    const ingest = kioskRuntime(services);
    const start = Date.now() - 2 * HOUR;
    const kiosk = await servedKiosk(start);
    expect(await recordPlays(ingest, kiosk.id, [play(adId, start + MINUTE)])).toMatchObject({ stored: 1 });
    const started = await startPairing(services.db, { clientIp: "10.3.0.1" });
    if (!started.ok) throw new Error("refused");
    const admin = { id: "admin-1", isAdmin: true };
    await claimPairing(services.db, admin, { code: started.code, kioskId: kiosk.id, clientIp: "10.3.0.9" });
    const check = { pairingId: started.pairingId, secret: started.secret, clientIp: "10.3.0.1" };
    expect(await checkPairing(services.db, new DeviceGuessLimiter(), check)).toMatchObject({
      pairing: { status: "paired" },
    });
    // The new screen's token, posting a play of the old screen's time.
    const reply = await recordPlays(ingest, kiosk.id, [play(adId, start + 30 * MINUTE)]);
    expect(reply).toMatchObject({ stored: 0, refused: refused({ "before-pairing": 1 }) });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, a pairing another instance made is read with every batch's lock",
    async () => {
      const ingest = kioskRuntime(services);
      const start = Date.now() - 2 * HOUR;
      const kiosk = await servedKiosk(start);
      expect(await recordPlays(ingest, kiosk.id, [play(adId, start + MINUTE)])).toMatchObject({ stored: 1 });
      await services.db.update(kiosks).set({ pairedAt: new Date() }).where(eq(kiosks.id, kiosk.id));
      const reply = await recordPlays(ingest, kiosk.id, [play(adId, start + 30 * MINUTE)]);
      expect(reply).toMatchObject({ stored: 0, refused: refused({ "before-pairing": 1 }) });
    },
  );
});
