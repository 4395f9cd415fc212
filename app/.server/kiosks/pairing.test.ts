import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAIRING_CODE_ALPHABET } from "~/lib/kiosk-schemas";
import { kioskPairings, kiosks } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { insertKiosk } from "../../../tests/support/kiosk-fixtures";
import { findKioskByToken, hashDeviceSecret } from "./device-token";
import { DeviceGuessLimiter, PENDING_PAIRINGS_CAP } from "./guess-limit";
import { checkPairing, claimPairing, countWaitingPairings, startPairing } from "./pairing";

const admin = { id: "admin-1", isAdmin: true };
const owner = { id: "owner-1", isAdmin: false };

describe("pairing a screen", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let guesses: DeviceGuessLimiter;

  beforeAll(async () => {
    services = await createTestServices();
    guesses = new DeviceGuessLimiter();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("code → claim → token once: the kiosk is paired with the token's hash only", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { paired: false });
    const started = await startPairing(db, { clientIp: "10.1.0.1" });
    if (!started.ok) throw new Error("refused");
    expect(started.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`));
    expect(started.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const [stored] = await db.select().from(kioskPairings).where(eq(kioskPairings.id, started.pairingId));
    expect(stored!.secretHash).toBe(hashDeviceSecret(started.secret));
    expect(JSON.stringify(stored)).not.toContain(started.secret);

    const poll = () =>
      checkPairing(db, guesses, {
        pairingId: started.pairingId,
        secret: started.secret,
        clientIp: "10.1.0.1",
      });
    expect(await poll()).toEqual({ ok: true, pairing: { status: "waiting" } });

    // Typed loosely, as a person reads it off a screen.
    const typed = `${started.code.slice(0, 3).toLowerCase()}-${started.code.slice(3)} `;
    expect(await claimPairing(db, admin, { code: typed, kioskId: kiosk.id, clientIp: "10.1.0.9" })).toEqual({
      ok: true,
      kioskId: kiosk.id,
    });
    const paired = await poll();
    if (!paired.ok || paired.pairing.status !== "paired") throw new Error(JSON.stringify(paired));
    expect(paired.pairing.kioskId).toBe(kiosk.id);
    expect(paired.pairing.token).toHaveLength(43);
    expect((await findKioskByToken(db, paired.pairing.token))?.id).toBe(kiosk.id);
    const [row] = await db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(row!.deviceTokenHash).toBe(hashDeviceSecret(paired.pairing.token));
    expect(row!.pairedAt).toBeInstanceOf(Date);

    // Handed over exactly once; the code cannot be used again.
    expect(await poll()).toEqual({ ok: true, pairing: { status: "expired" } });
    const again = await claimPairing(db, admin, {
      code: started.code,
      kioskId: kiosk.id,
      clientIp: "10.1.0.9",
    });
    expect(again).toMatchObject({ ok: false, status: 404, reason: "unknown-code" });
  });

  it("re-pairing a kiosk revokes its old screen at the claim", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db);
    expect(await findKioskByToken(db, kiosk.token)).not.toBeNull();
    const started = await startPairing(db, { clientIp: "10.1.0.2" });
    if (!started.ok) throw new Error("refused");
    await claimPairing(db, admin, { code: started.code, kioskId: kiosk.id, clientIp: "10.1.0.9" });
    expect(await findKioskByToken(db, kiosk.token)).toBeNull();
  });

  it("expired codes cannot be claimed and say expired to the screen", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { paired: false });
    const past = new Date(Date.now() - 11 * 60_000);
    const started = await startPairing(db, { clientIp: "10.1.0.3", now: past });
    if (!started.ok) throw new Error("refused");
    const claim = await claimPairing(db, admin, {
      code: started.code,
      kioskId: kiosk.id,
      clientIp: "10.1.0.9",
    });
    expect(claim).toMatchObject({ ok: false, status: 404, reason: "unknown-code" });
    expect(
      await checkPairing(db, guesses, {
        pairingId: started.pairingId,
        secret: started.secret,
        clientIp: "10.1.0.3",
      }),
    ).toEqual({ ok: true, pairing: { status: "expired" } });
  });

  it("a non-admin cannot claim a code, and nothing changes", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { paired: false });
    const started = await startPairing(db, { clientIp: "10.1.0.4" });
    if (!started.ok) throw new Error("refused");
    expect(
      await claimPairing(db, owner, { code: started.code, kioskId: kiosk.id, clientIp: "10.1.0.4" }),
    ).toEqual({
      ok: false,
      status: 403,
      reason: "forbidden",
    });
    const [row] = await db.select().from(kioskPairings).where(eq(kioskPairings.id, started.pairingId));
    expect(row!.kioskId).toBeNull();
  });

  it("a wrong secret or unknown pairing gets nothing, and the address's wrong ones get 429 after 20 guesses", async () => {
    const { db } = services;
    const started = await startPairing(db, { clientIp: "10.1.0.5" });
    if (!started.ok) throw new Error("refused");
    const guess = (secret: string) =>
      checkPairing(db, guesses, { pairingId: started.pairingId, secret, clientIp: "10.66.0.1" });
    for (let i = 0; i < 20; i++)
      expect(await guess(`wrong-secret-${i}-aaaaaaaaaaaa`)).toEqual({ ok: false, status: 404 });
    expect(await guess("wrong-secret-again-aaaaaaaaaaaa")).toMatchObject({ ok: false, status: 429 });
    // Blocked: wrong secrets get 429 without being counted again; the right one is still answered, so a
    // neighbour on the screen's network cannot stop it from pairing.
    expect(await guess("wrong-secret-more-aaaaaaaaaaaa")).toMatchObject({ ok: false, status: 429 });
    expect(await guess(started.secret)).toEqual({ ok: true, pairing: { status: "waiting" } });
    // Other addresses are not affected.
    expect(
      await checkPairing(db, guesses, {
        pairingId: started.pairingId,
        secret: started.secret,
        clientIp: "10.1.0.5",
      }),
    ).toEqual({ ok: true, pairing: { status: "waiting" } });
  });

  it("wrong codes are limited per address and for everyone; a right code does not count", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { paired: false });
    const wrong = () => claimPairing(db, admin, { code: "222222", kioskId: kiosk.id, clientIp: "10.77.0.1" });
    for (let i = 0; i < 10; i++) expect(await wrong()).toMatchObject({ ok: false, status: 404 });
    expect(await wrong()).toMatchObject({ ok: false, status: 429, reason: "too-many" });
    // Everyone together: 100 wrong codes in 10 minutes (this test's other addresses use some of them).
    let refused = 0;
    for (let i = 0; i < 120; i++) {
      const result = await claimPairing(db, admin, {
        code: "333333",
        kioskId: kiosk.id,
        clientIp: `10.78.${i}.1`,
      });
      if (!result.ok && result.status === 429) refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it("new codes are limited per address", async () => {
    const { db } = services;
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await startPairing(db, { clientIp: "10.88.0.1" }));
    expect(results.slice(0, 30).every((result) => result.ok)).toBe(true);
    expect(results[30]).toMatchObject({ ok: false, status: 429 });
  });

  it("codes waiting site-wide stop at the cap, however many addresses ask; expired and claimed ones leave room", async () => {
    const { db } = services;
    const waiting = () => countWaitingPairings(db);
    // Many forwarded addresses at once, one code each: never more than the cap.
    const answers = await Promise.all(
      Array.from({ length: PENDING_PAIRINGS_CAP + 10 }, (_, i) =>
        startPairing(db, { clientIp: `10.90.${i}.1` }),
      ),
    );
    expect(await waiting()).toBe(PENDING_PAIRINGS_CAP);
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const answer of refused) {
      expect(answer).toMatchObject({ ok: false, status: 429, reason: "pending-full" });
      if (!answer.ok) expect(answer.retryAfter).toBeGreaterThan(0);
    }
    expect(await startPairing(db, { clientIp: "10.91.0.1" })).toMatchObject({ reason: "pending-full" });
    // Expired codes do not count: once some expire, new screens get codes again.
    const mine = answers.filter((answer) => answer.ok).slice(0, 3);
    for (const answer of mine) {
      if (answer.ok) {
        await db
          .update(kioskPairings)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(kioskPairings.id, answer.pairingId));
      }
    }
    expect(await startPairing(db, { clientIp: "10.91.0.2" })).toMatchObject({ ok: true });
    expect(await waiting()).toBe(PENDING_PAIRINGS_CAP - 2);
    // Leave no waiting codes behind for other tests.
    await db.update(kioskPairings).set({ expiresAt: new Date(Date.now() - 1000) });
  });
});
