// The kiosk plays workload for bench/compare.ts: a fleet of paired kiosks, each shown one approved ad, that post
// batches of honest plays to POST /api/kiosk/plays as fast as the server takes them.
// Honest means what a server that checks plausibility accepts: plays of an ad from a manifest the kiosk was served
// (each server is primed by fetching every kiosk's manifest first), after that fetch, back to back without overlap,
// each shorter than the ad's on-screen time, never ahead of the clock. A kiosk plays in real time, and each play
// holds its screen at least MIN_PLAY_SLOT_MS however short it is (a skipped play, `completed: false`), so a batch
// covers PLAYS_PER_BATCH seconds of one kiosk's time and the fleet is large: the next kiosk whose batch has passed
// sends next. The fleet's plays pile up while its server runs the other runs, so a plays run can go faster than
// the fleet plays.
import { randomUUID } from "node:crypto";
import type { Request as BenchRequest } from "autocannon";
import { openDatabase } from "../app/.server/infra/db/client";
import { MIN_PLAY_SLOT_MS } from "../app/.server/kiosks/play-plausibility";
import { kiosks } from "../app/.server/infra/db/schema";
import { hashDeviceSecret, newDeviceSecret } from "../app/.server/kiosks/device-token";
import { insertAd, insertAdvertiser, insertListing, PLACES } from "../tests/support/kiosk-fixtures";
import type { ServerProcess } from "../tests/support/server-process";

const PLAY_MS = 15;
/** From one play's start to the next: the screen is held MIN_PLAY_SLOT_MS (plays overlapping that are refused). */
const STRIDE_MS = MIN_PLAY_SLOT_MS + 5;
export const PLAYS_PER_BATCH = 50;
const BATCH_SPAN_MS = PLAYS_PER_BATCH * STRIDE_MS;

/** Pairs `count` kiosks near one listing with one approved image ad; returns their device tokens. */
export async function seedPlaysFleet(
  target: { dataDir: string } | { databaseUrl: string },
  count: number,
): Promise<string[]> {
  const handle = await openDatabase(target);
  try {
    await handle.migrate();
    const owner = await insertAdvertiser(handle.db);
    const listing = await insertListing(handle.db, owner, { name: "Bench Bakery" });
    await insertAd(handle.db, owner, listing, { radiusMiles: 50 });
    const tokens: string[] = [];
    // In bulk, a thousand rows a statement: one insert per kiosk took minutes at 6,000 kiosks.
    for (let offset = 0; offset < count; offset += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, i) => {
        const token = newDeviceSecret();
        tokens.push(token);
        return {
          label: `Bench ${offset + i}`,
          timeZone: "America/Los_Angeles",
          latitude: PLACES.woodlandHills.latitude,
          longitude: PLACES.woodlandHills.longitude,
          deviceTokenHash: hashDeviceSecret(token),
          pairedAt: new Date(),
        };
      });
      await handle.db.insert(kiosks).values(rows);
    }
    return tokens;
  } finally {
    await handle.close();
  }
}

interface Screen {
  token: string;
  adId: string;
  /** Where this kiosk's next play may start (ms since the epoch). */
  cursor: number;
}

/**
 * One server's fleet after it has served each kiosk its manifest and each has sent its first batch: the `autocannon`
 * request that sends the next batch, and the totals the server answered (plays stored, and plays it did not store, by any name it gives).
 */
export async function primeFleet(server: ServerProcess, tokens: string[]) {
  const screens: Screen[] = [];
  for (const token of tokens) {
    const response = await fetch(`${server.url}/api/kiosk/manifest`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`manifest for a bench kiosk: ${response.status}`);
    const manifest = (await response.json()) as { items: { kind: string; adId: string | null }[] };
    const ad = manifest.items.find((item) => item.kind === "ad" && item.adId);
    if (!ad) throw new Error("a bench kiosk's manifest shows no ad");
    screens.push({ token, adId: ad.adId!, cursor: Date.now() + 1000 });
  }
  // Every kiosk has played its first batch: about a minute after its manifest arrived.
  const firstBatchesPlayed = screens.at(-1)!.cursor + BATCH_SPAN_MS + 1000 - Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstBatchesPlayed)));
  const totals = { stored: 0, notStored: 0, batches: 0 };
  let next = 0;
  // A fleet that has been posting for a while, as a real one has: every kiosk sends its first batch before anything
  // is measured (eight at a time), so a server that keeps per-kiosk state is measured warm, as in steady running.
  // What a kiosk's first batch costs is a different figure (docs/performance.md, "Checked plays").
  const warm = async () => {
    for (;;) {
      const screen = screens.find((candidate) => candidate.cursor === firstCursor.get(candidate.token));
      if (!screen) return;
      const batch = batchOf(screen);
      const response = await fetch(`${server.url}/api/kiosk/plays`, {
        method: "POST",
        headers: { Authorization: `Bearer ${batch.token}`, "Content-Type": "application/json" },
        body: batch.body,
      });
      const reply = (await response.json()) as { stored?: number };
      if (reply.stored !== PLAYS_PER_BATCH)
        throw new Error(`a warm-up batch was not stored whole: ${JSON.stringify(reply)}`);
    }
  };
  const firstCursor = new Map(screens.map((screen) => [screen.token, screen.cursor]));
  await Promise.all(Array.from({ length: 8 }, warm));

  /** The next kiosk whose batch lies wholly in the past (round robin), with its batch. */
  function nextBatch() {
    for (let tries = 0; tries < screens.length; tries++) {
      const screen = screens[next];
      next = (next + 1) % screens.length;
      if (screen.cursor + BATCH_SPAN_MS >= Date.now() - 500) continue;
      return batchOf(screen);
    }
    throw new Error(
      "the bench fleet is too small: every kiosk has sent all the plays it could have made so far",
    );
  }

  /** The screen's next batch: PLAYS_PER_BATCH plays from its cursor, which moves past them. */
  function batchOf(screen: Screen) {
    const plays = Array.from({ length: PLAYS_PER_BATCH }, (_, i) => {
      const startedAt = screen.cursor + i * STRIDE_MS;
      return {
        id: randomUUID(),
        adId: screen.adId,
        startedAt: new Date(startedAt).toISOString(),
        endedAt: new Date(startedAt + PLAY_MS).toISOString(),
        completed: false,
      };
    });
    screen.cursor += BATCH_SPAN_MS;
    return { token: screen.token, body: JSON.stringify({ plays }) };
  }

  return {
    totals,
    request: {
      method: "POST" as const,
      setupRequest: (request: BenchRequest): BenchRequest => {
        const batch = nextBatch();
        return {
          ...request,
          path: "/api/kiosk/plays",
          headers: { Authorization: `Bearer ${batch.token}`, "Content-Type": "application/json" },
          body: batch.body,
        };
      },
      onResponse: (status: number, body: string) => {
        totals.batches++;
        if (status !== 200) return;
        const reply = JSON.parse(body) as { stored?: number };
        totals.stored += reply.stored ?? 0;
        totals.notStored += PLAYS_PER_BATCH - (reply.stored ?? 0);
      },
    },
  };
}
