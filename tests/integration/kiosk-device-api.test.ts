import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kioskPlays, kiosks, rateLimits } from "~/.server/infra/db/schema";
import { claimPairing } from "~/.server/kiosks/pairing";
import { noRefusals } from "~/.server/kiosks/play-plausibility";
import * as heartbeatRoute from "~/routes/resources/kiosk/heartbeat";
import * as manifestRoute from "~/routes/resources/kiosk/manifest";
import * as pairingRoute from "~/routes/resources/kiosk/pairing";
import * as pairingsRoute from "~/routes/resources/kiosk/pairings";
import * as playsRoute from "~/routes/resources/kiosk/plays";
import { insertAd, insertAdvertiser, insertKiosk, insertListing, PLACES } from "../support/kiosk-fixtures";
import { ORIGIN } from "../support/route-calls";
import { createRouteContext } from "../support/test-route-context";
import { createTestServices } from "../support/test-services";

// The device API (docs/architecture.md#device-callers) the way a screen, or someone pretending to be one, calls it:
// crafted requests into the route modules, then the database itself is inspected.

type Services = Awaited<ReturnType<typeof createTestServices>>;
let services: Services;

function call(
  route: { loader?: unknown; action?: unknown },
  kind: "loader" | "action",
  request: Request,
  { clientIp = "10.9.0.1", params = {} } = {},
) {
  const handler = route[kind] as (args: unknown) => Promise<Response>;
  return handler({ request, context: createRouteContext(services, { clientIp }), params });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const getManifest = (token: string, headers: Record<string, string> = {}, clientIp?: string) =>
  call(
    manifestRoute,
    "loader",
    new Request(`${ORIGIN}/api/kiosk/manifest`, { headers: { ...bearer(token), ...headers } }),
    { clientIp },
  );
const postJson = (path: string, token: string | null, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const heartbeat = (token: string, body: unknown, clientIp?: string) =>
  call(heartbeatRoute, "action", postJson("/api/kiosk/heartbeat", token, body), { clientIp });
const plays = (token: string, body: unknown, clientIp?: string) =>
  call(playsRoute, "action", postJson("/api/kiosk/plays", token, body), { clientIp });

const play = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  adId: null,
  itemId: "house:free-kiosk:0",
  startedAt: "2026-03-04T18:00:00.000Z",
  endedAt: "2026-03-04T18:00:10.000Z",
  completed: true,
  ...overrides,
});

describe("the kiosk device API", () => {
  let here: { id: string; token: string };
  let there: { id: string; token: string };
  let nearAd: string;
  let farAd: string;

  beforeAll(async () => {
    services = await createTestServices();
    const { db } = services;
    const advertiser = await insertAdvertiser(db);
    nearAd = await insertAd(
      db,
      advertiser,
      await insertListing(db, advertiser, { place: PLACES.woodlandHills }),
      { title: "Near" },
    );
    farAd = await insertAd(
      db,
      advertiser,
      await insertListing(db, advertiser, { name: "NY Deli", place: PLACES.newYork }),
      { title: "Far" },
    );
    here = await insertKiosk(db, { label: "Here", place: PLACES.woodlandHills });
    there = await insertKiosk(db, { label: "There", place: PLACES.newYork, timeZone: "America/New_York" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("pairs a screen through the routes: code, admin claim, token once, then the manifest", async () => {
    const kiosk = await insertKiosk(services.db, { label: "New screen", paired: false });
    const created = await call(
      pairingsRoute,
      "action",
      new Request(`${ORIGIN}/api/kiosk/pairings`, { method: "POST" }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const { pairingId, code, secret, expiresAt } = (await created.json()) as Record<string, string>;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(Date.parse(expiresAt!)).toBeGreaterThan(Date.now());
    const poll = () =>
      call(
        pairingRoute,
        "loader",
        new Request(`${ORIGIN}/api/kiosk/pairings/${pairingId}`, {
          headers: { "X-Pairing-Secret": secret! },
        }),
        {
          params: { pairingId },
        },
      ).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, string>,
      }));
    expect(await poll()).toEqual({ status: 200, body: { status: "waiting" } });
    await claimPairing(
      services.db,
      { id: "admin", isAdmin: true },
      { code: code!, kioskId: kiosk.id, clientIp: "10.9.9.9" },
    );
    const paired = await poll();
    expect(paired.body).toMatchObject({ status: "paired", kioskId: kiosk.id });
    expect((await poll()).body).toEqual({ status: "expired" });
    const manifest = await getManifest(paired.body.token!);
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { kiosk: { label: string } }).kiosk.label).toBe("New screen");
  });

  it("a device token reads only its own kiosk's manifest", async () => {
    const mine = (await (await getManifest(here.token)).json()) as {
      kiosk: { id: string };
      items: { adId: string | null }[];
    };
    expect(mine.kiosk.id).toBe(here.id);
    const adIds = mine.items.map((item) => item.adId).filter(Boolean);
    expect(adIds).toContain(nearAd);
    expect(adIds).not.toContain(farAd);
    const theirs = (await (await getManifest(there.token)).json()) as {
      kiosk: { id: string };
      items: { adId: string | null }[];
    };
    expect(theirs.kiosk.id).toBe(there.id);
    expect(theirs.items.map((item) => item.adId)).toContain(farAd);
    // There is no way to name another kiosk: the URL carries none, and query parameters are not read.
    const named = await call(
      manifestRoute,
      "loader",
      new Request(`${ORIGIN}/api/kiosk/manifest?kioskId=${there.id}&k=${there.id}`, {
        headers: bearer(here.token),
      }),
    );
    expect(((await named.json()) as { kiosk: { id: string } }).kiosk.id).toBe(here.id);
  });

  it("revalidates with ETag and If-None-Match", async () => {
    const first = await getManifest(here.token);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const again = await getManifest(here.token, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("heartbeats update the kiosk's live state and say whether a newer manifest waits", async () => {
    const etag = (await getManifest(here.token)).headers.get("ETag")!.replaceAll('"', "");
    const body = {
      playerVersion: "1.2.3",
      manifestVersion: etag,
      playing: { itemId: `ad:${nearAd}:0`, adId: nearAd },
      storageBytes: 123456,
      errors: ["video stalled"],
    };
    const response = await heartbeat(here.token, body);
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { serverTime: string; manifestVersion: string; newer: boolean };
    expect(reply).toMatchObject({ manifestVersion: etag, newer: false });
    expect(Math.abs(Date.parse(reply.serverTime) - Date.now())).toBeLessThan(5000);
    const stale = (await (await heartbeat(here.token, { ...body, manifestVersion: "old" })).json()) as {
      newer: boolean;
    };
    expect(stale.newer).toBe(true);
    const [row] = await services.db.select().from(kiosks).where(eq(kiosks.id, here.id));
    expect(row!.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 5000);
    expect(row!.lastHeartbeat).toMatchObject({
      playerVersion: "1.2.3",
      storageBytes: 123456,
      errors: ["video stalled"],
    });
  });

  it("stores each play once, with the device's times, only for the token's own kiosk", async () => {
    // The screen was served its manifest (the calls above), then played: the plays are a few seconds old.
    await getManifest(here.token);
    const ago = (seconds: number, length = 8) => ({
      startedAt: new Date(Date.now() - seconds * 1000).toISOString(),
      endedAt: new Date(Date.now() - seconds * 1000 + length * 1000).toISOString(),
    });
    const offline = play({ ...ago(40), completed: false });
    const batch = [play({ adId: nearAd, itemId: `ad:${nearAd}:0`, ...ago(30) }), play(ago(20)), offline];
    const first = await plays(here.token, { plays: batch });
    expect(await first.json()).toEqual({ stored: 3, duplicates: 0, ignored: 0, refused: noRefusals() });
    // The same batch again (the reply was lost): nothing is stored twice.
    expect(await (await plays(here.token, { plays: batch })).json()).toEqual({
      stored: 0,
      duplicates: 3,
      ignored: 0,
      refused: noRefusals(),
    });
    // A play claiming another kiosk, one re-using another kiosk's play id, malformed ones, and well-formed ones
    // this screen cannot have made (an ad it was never served, one in the future).
    await getManifest(there.token);
    const foreign = play({ kioskId: there.id, ...ago(10) });
    const theirs = play(ago(10));
    await plays(there.token, { plays: [theirs] });
    const mixed = await plays(here.token, {
      plays: [
        foreign,
        { ...theirs },
        play({ id: "not-a-uuid" }),
        play({ endedAt: "2026-03-04T17:00:00.000Z" }),
        play({ adId: farAd, itemId: `ad:${farAd}:0`, ...ago(10) }),
        play({ startedAt: "2099-01-01T00:00:00.000Z", endedAt: "2099-01-01T00:00:10.000Z" }),
        "junk",
      ],
    });
    expect(await mixed.json()).toEqual({
      stored: 0,
      duplicates: 1,
      ignored: 4,
      refused: { ...noRefusals(), "not-served": 1, future: 1 },
    });
    const mine = await services.db.select().from(kioskPlays).where(eq(kioskPlays.kioskId, here.id));
    expect(mine).toHaveLength(3);
    const kept = mine.find((row) => !row.completed)!;
    expect(kept.startedAt.toISOString()).toBe(offline.startedAt);
    expect(kept.endedAt.toISOString()).toBe(offline.endedAt);
    const [stillTheirs] = await services.db.select().from(kioskPlays).where(eq(kioskPlays.id, theirs.id));
    expect(stillTheirs!.kioskId).toBe(there.id);
  });

  it("refuses batches over 500 plays and bodies that are not JSON", async () => {
    const tooMany = await plays(here.token, { plays: Array.from({ length: 501 }, () => play()) });
    expect(tooMany.status).toBe(400);
    expect((await plays(here.token, "{not json")).status).toBe(400);
    expect((await heartbeat(here.token, "[]")).status).toBe(400);
  });

  it("refuses a NUL or a lone surrogate in any device string with 400 and JSON, never a 500", async () => {
    const beat = {
      playerVersion: "1.2.3",
      manifestVersion: null,
      playing: null,
      storageBytes: 1,
      errors: [],
    };
    const hostile = ["\u0000", "a\ud800b", "\udfff", "\u001b[31m", "\u0085"];
    for (const text of hostile) {
      const bodies = [
        { ...beat, playerVersion: text },
        { ...beat, manifestVersion: text },
        { ...beat, playing: { itemId: text, adId: null } },
        { ...beat, errors: ["ok", text] },
        { ...beat, [text]: "key" },
      ];
      for (const body of bodies) {
        const response = await heartbeat(here.token, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toEqual({ error: "malformed" });
      }
      const batch = await plays(here.token, { plays: [play({ itemId: text })] });
      expect(batch.status).toBe(400);
    }
    // Written as JSON escapes, the way a hand-made request carries them.
    const escaped = await heartbeat(here.token, '{"playerVersion":"\\u0000","errors":["\\ud800"]}');
    expect(escaped.status).toBe(400);
  });

  it("keeps a heartbeat whose long error message is cut inside a character's surrogate pair", async () => {
    const cut = `${"x".repeat(499)}😀 and more`;
    const response = await heartbeat(here.token, { playerVersion: "1.2.3", errors: [cut, "line\nbreak"] });
    expect(response.status).toBe(200);
    const [row] = await services.db.select().from(kiosks).where(eq(kiosks.id, here.id));
    expect(row!.lastHeartbeat).toMatchObject({ errors: ["x".repeat(499), "line\nbreak"] });
  });

  it("a revoked token gets 401 unpaired on every call", async () => {
    const kiosk = await insertKiosk(services.db, { label: "Soon revoked" });
    expect((await getManifest(kiosk.token)).status).toBe(200);
    await services.db.update(kiosks).set({ deviceTokenHash: null }).where(eq(kiosks.id, kiosk.id));
    for (const response of [
      await getManifest(kiosk.token, {}, "10.9.1.1"),
      await heartbeat(kiosk.token, {}, "10.9.1.1"),
      await plays(kiosk.token, { plays: [] }, "10.9.1.1"),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "unpaired" });
    }
    const missing = await call(manifestRoute, "loader", new Request(`${ORIGIN}/api/kiosk/manifest`));
    expect(missing.status).toBe(401);
  });

  it("guessed tokens from the kiosk's own address get 429, and never lock out the kiosk's right token", async () => {
    const ip = "10.99.0.1";
    for (let i = 0; i < 20; i++) {
      const response = await getManifest(`guess-${i}-${"x".repeat(40)}`, {}, ip);
      expect(response.status).toBe(401);
    }
    const limited = await getManifest(`guess-21-${"x".repeat(40)}`, {}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Blocked: more wrong tokens are refused without another write to the counter.
    const counter = async () =>
      (
        await services.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `kiosk-guess:${ip}`))
      )[0]!.count;
    const before = await counter();
    for (let i = 0; i < 10; i++) {
      expect((await getManifest(`more-${i}-${"x".repeat(40)}`, {}, ip)).status).toBe(429);
      expect((await plays(`more-${i}-${"x".repeat(40)}`, { plays: [play()] }, ip)).status).toBe(429);
    }
    expect(await counter()).toBe(before);
    // The screen on that same network, with its right token, carries on.
    expect((await getManifest(here.token, {}, ip)).status).toBe(200);
    expect((await plays(here.token, { plays: [play()] }, ip)).status).toBe(200);
    const beat = { playerVersion: "1.2.3", manifestVersion: "x", playing: null, storageBytes: 1, errors: [] };
    expect((await heartbeat(here.token, beat, ip)).status).toBe(200);
    expect((await getManifest(`guess-22-${"x".repeat(40)}`, {}, ip)).status).toBe(429);
    // Another address with the right token is served.
    expect((await getManifest(here.token, {}, "10.99.0.2")).status).toBe(200);
  });
});
