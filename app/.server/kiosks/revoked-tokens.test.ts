import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kiosks } from "../infra/db/schema";
import { getOwnerResults } from "../results/owner-results";
import { rollUpResults } from "../results/rollup";
import { createTestServices } from "../../../tests/support/test-services";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
  PLACES,
} from "../../../tests/support/kiosk-fixtures";
import { unpairKiosk, retireKiosk } from "./admin-kiosks";
import { readManifest, recordHeartbeat } from "./device-api";
import { findKioskByToken } from "./device-token";
import { recordPlays } from "./play-ingest";
import { noRefusals } from "./play-plausibility";
import { findEndedPairing, REVOKED_TOKEN_GRACE_MS } from "./revoked-tokens";
import { kioskRuntime } from "./runtime";

// docs/security.md#proof-of-play, "After Unpair", on a real database: a screen unpaired while it still held plays
// sends them with its revoked token and they are counted (the owner's Results count both screens); only plays, only
// those made within the pairing, only for a day; the revoked token gets no manifest and no heartbeat.

const MINUTE = 60_000;
const NOW = Date.now();
const PAIRED = new Date(NOW - 120 * MINUTE);
const SERVED = new Date(NOW - 110 * MINUTE);
const UNPAIRED = new Date(NOW - 30 * MINUTE);
const TZ = "America/Los_Angeles";
const admin = { id: "admin-1", isAdmin: true };

let services: Awaited<ReturnType<typeof createTestServices>>;
let owner = "";
let adId = "";

async function pairedAndServed(label: string) {
  const { id, token } = await insertKiosk(services.db, { label, place: PLACES.woodlandHills });
  await services.db.update(kiosks).set({ pairedAt: PAIRED }).where(eq(kiosks.id, id));
  const runtime = kioskRuntime(services);
  runtime.catalog.invalidate();
  const kiosk = (await findKioskByToken(services.db, token))!;
  const answer = await readManifest(runtime, kiosk, { ifNoneMatch: null, now: SERVED });
  expect(answer.status).toBe(200);
  return { id, token };
}

/** `count` plays of the ad, 8 s each, back to back from `from`. */
function plays(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    adId,
    itemId: `ad:${adId}:0`,
    startedAt: new Date(from + index * 10_000).toISOString(),
    endedAt: new Date(from + index * 10_000 + 8_000).toISOString(),
    completed: true,
  }));
}

beforeAll(async () => {
  services = await createTestServices();
  owner = await insertAdvertiser(services.db);
  const listing = await insertListing(services.db, owner, { place: PLACES.woodlandHills });
  adId = await insertAd(services.db, owner, listing, { title: "Both screens", imageSeconds: 8 });
});
afterAll(async () => {
  await services?.close();
});

describe("plays made while paired outlive the pairing", () => {
  it("keeps an unpaired screen's plays from within its pairing, and the owner's Results count both screens", async () => {
    const runtime = kioskRuntime(services);
    const stays = await pairedAndServed("Stays paired");
    const leaves = await pairedAndServed("Unpaired");
    const stayed = await recordPlays(runtime, stays.id, plays(SERVED.getTime() + MINUTE, 5), new Date(NOW));
    expect(stayed.stored).toBe(5);

    expect(await unpairKiosk(services.db, admin, leaves.id, UNPAIRED)).toEqual({ ok: true });
    // The revoked token gets nothing but the plays door: no kiosk, no heartbeat.
    expect(await findKioskByToken(services.db, leaves.token)).toBeNull();
    const beat = { playerVersion: "1", manifestVersion: null, playing: null, storageBytes: null, errors: [] };
    expect(await recordHeartbeat(services.db, runtime, leaves.token, beat)).toBeNull();

    const ended = await findEndedPairing(services.db, leaves.token, new Date(NOW));
    expect(ended).toEqual({ kioskId: leaves.id, pairedAt: PAIRED.getTime(), revokedAt: UNPAIRED.getTime() });
    // Made while paired (4), after the unpair (the screen had not heard yet: 2), and before the pairing (1).
    const batch = [
      ...plays(UNPAIRED.getTime() - 5 * MINUTE, 4),
      ...plays(UNPAIRED.getTime() + 1_000, 2),
      ...plays(PAIRED.getTime() - 10 * MINUTE, 1),
    ];
    const reply = await recordPlays(runtime, leaves.id, batch, new Date(NOW), ended!);
    expect(reply).toEqual({
      stored: 4,
      duplicates: 0,
      ignored: 2,
      refused: { ...noRefusals(), "before-pairing": 1 },
    });
    // Sent again (the reply was lost): stored once.
    expect((await recordPlays(runtime, leaves.id, batch, new Date(NOW), ended!)).stored).toBe(0);

    await rollUpResults(services.db, { timeZone: TZ, rawDays: 35, now: new Date(Date.now() + 10_000) });
    const answer = await getOwnerResults(
      services.db,
      { id: owner, isAdmin: false },
      { scope: { kind: "all" }, days: 7, timeZone: TZ },
    );
    if (!answer.ok) throw new Error("expected results");
    expect(answer.results.figures).toMatchObject({ plays: 9, kiosksReached: 2 });
  });

  it("ends a day after the unpair", async () => {
    const leaves = await pairedAndServed("Unpaired a day ago");
    await unpairKiosk(services.db, admin, leaves.id, UNPAIRED);
    const later = new Date(UNPAIRED.getTime() + REVOKED_TOKEN_GRACE_MS + 1_000);
    expect(await findEndedPairing(services.db, leaves.token, later)).toBeNull();
    expect(await findEndedPairing(services.db, leaves.token, new Date(NOW))).not.toBeNull();
  });

  it("keeps a retired kiosk's last plays too, and never a token that was not revoked", async () => {
    const retired = await pairedAndServed("Retired");
    await retireKiosk(services.db, admin, retired.id, UNPAIRED);
    expect(await findKioskByToken(services.db, retired.token)).toBeNull();
    expect((await findEndedPairing(services.db, retired.token, new Date(NOW)))?.kioskId).toBe(retired.id);
    // A made-up token, and one that is still paired, are not ended pairings.
    const paired = await pairedAndServed("Still paired");
    expect(await findEndedPairing(services.db, paired.token, new Date(NOW))).toBeNull();
    expect(
      await findEndedPairing(services.db, "made-up-token-made-up-token-made-up", new Date(NOW)),
    ).toBeNull();
  });
});
