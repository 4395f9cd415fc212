import { randomInt } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { normalizePairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from "~/lib/kiosk-schemas";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { kioskPairings, kiosks } from "../infra/db/schema";
import { hitRateLimit, refundRateLimit } from "../infra/rate-limit";
import { hashDeviceSecret, newDeviceSecret } from "./device-token";
import { keepRevokedToken } from "./revoked-tokens";
import { forgetPlayContext } from "./runtime";
import {
  CODE_GUESS_GLOBAL_RULE,
  CODE_GUESS_RULE,
  PAIRING_START_RULE,
  PENDING_PAIRINGS_CAP,
  type DeviceGuessLimiter,
} from "./guess-limit";

// Pairing a screen (docs/product.md#kiosks): the screen asks for a code and shows it; an admin enters the code and
// picks the kiosk (claim); the screen, polling with its secret, collects a new device token once (hand-over).

/** How long a code may be entered. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** How long after a claim the screen may still collect its token. */
const HAND_OVER_GRACE_MS = 10 * 60_000;
/** Expired pairings are deleted this long after they expire (each new pairing sweeps a few). */
const KEEP_EXPIRED_MS = 60 * 60_000;

function newCode(): string {
  let code = "";
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

export type StartPairingResult =
  | { ok: true; pairingId: string; code: string; secret: string; expiresAt: Date }
  | { ok: false; status: 429; reason: "too-many" | "pending-full"; retryAfter: number };

/** Any fixed 64-bit number: one new code at a time across every instance, so the pending cap holds under races. */
const PAIRING_START_LOCK_KEY = 7_301_202_025;

/** A new code for a screen, limited per address and by the codes waiting site-wide (PENDING_PAIRINGS_CAP). */
export async function startPairing(
  db: Database,
  { clientIp, now = new Date() }: { clientIp: string; now?: Date },
): Promise<StartPairingResult> {
  const addressKey = `kiosk-pairing:${clientIp}`;
  const limit = await hitRateLimit(db, addressKey, PAIRING_START_RULE);
  if (!limit.allowed) return { ok: false, status: 429, reason: "too-many", retryAfter: limit.retryAfter };
  await db
    .delete(kioskPairings)
    .where(lt(kioskPairings.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  const secret = newDeviceSecret();
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
  const started = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAIRING_START_LOCK_KEY})`);
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int`, soonest: sql<Date | null>`min(${kioskPairings.expiresAt})` })
      .from(kioskPairings)
      .where(waitingAt(now));
    if ((pending?.n ?? 0) >= PENDING_PAIRINGS_CAP) {
      const soonest = pending?.soonest ? new Date(pending.soonest).getTime() : now.getTime() + 60_000;
      return { full: true as const, retryAfter: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)) };
    }
    // A clash with a code still on record (one in 887 million per live code) just draws again.
    for (let attempt = 0; ; attempt++) {
      const code = newCode();
      const [row] = await tx
        .insert(kioskPairings)
        .values({ code, secretHash: hashDeviceSecret(secret), expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: kioskPairings.id });
      if (row) return { full: false as const, pairingId: row.id, code };
      if (attempt >= 5) throw new Error("could not draw a free pairing code");
    }
  });
  if (started.full) {
    // The screen will ask again when told; waiting for room is not its address's fault.
    await refundRateLimit(db, addressKey);
    return { ok: false, status: 429, reason: "pending-full", retryAfter: started.retryAfter };
  }
  return { ok: true, pairingId: started.pairingId, code: started.code, secret, expiresAt };
}

/** Codes an admin may still enter at `now`: not claimed, not expired. */
const waitingAt = (now: Date) => and(isNull(kioskPairings.kioskId), gt(kioskPairings.expiresAt, now));

export type PairingStatus =
  { status: "waiting" } | { status: "paired"; token: string; kioskId: string } | { status: "expired" };

export type CheckPairingResult =
  { ok: true; pairing: PairingStatus } | { ok: false; status: 404 | 429; retryAfter?: number };

/**
 * What the screen polling `pairingId` with its `secret` hears: still waiting, paired (the device token, made now
 * and handed over this once), or expired. An unknown id or a wrong secret is a guess: 404, counted by `guesses`
 * (429 once the address is blocked). The right secret is answered even from a blocked address, so a neighbour on
 * the shop's network cannot stop a screen from pairing.
 */
export async function checkPairing(
  db: Database,
  guesses: DeviceGuessLimiter,
  {
    pairingId,
    secret,
    clientIp,
    now = new Date(),
  }: { pairingId: string; secret: string | null; clientIp: string; now?: Date },
): Promise<CheckPairingResult> {
  const [row] =
    isUuid(pairingId) && secret
      ? await db
          .select()
          .from(kioskPairings)
          .where(and(eq(kioskPairings.id, pairingId), eq(kioskPairings.secretHash, hashDeviceSecret(secret))))
          .limit(1)
      : [];
  if (!row) {
    const verdict = await guesses.wrongGuess(db, clientIp, now.getTime());
    return verdict.allowed
      ? { ok: false, status: 404 }
      : { ok: false, status: 429, retryAfter: verdict.retryAfter };
  }
  if (row.handedOverAt) return { ok: true, pairing: { status: "expired" } };
  if (!row.kioskId || !row.claimedAt) {
    return { ok: true, pairing: row.expiresAt > now ? { status: "waiting" } : { status: "expired" } };
  }
  if (row.claimedAt.getTime() + HAND_OVER_GRACE_MS < now.getTime())
    return { ok: true, pairing: { status: "expired" } };
  const token = newDeviceSecret();
  const kioskId = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(kioskPairings)
      .set({ handedOverAt: now })
      .where(
        and(
          eq(kioskPairings.id, row.id),
          isNull(kioskPairings.handedOverAt),
          isNotNull(kioskPairings.kioskId),
        ),
      )
      .returning({ kioskId: kioskPairings.kioskId });
    if (!taken?.kioskId) return null;
    const [kiosk] = await tx
      .update(kiosks)
      .set({ deviceTokenHash: hashDeviceSecret(token), pairedAt: now })
      .where(and(eq(kiosks.id, taken.kioskId), isNull(kiosks.retiredAt)))
      .returning({ id: kiosks.id });
    return kiosk?.id ?? null;
  });
  if (!kioskId) return { ok: true, pairing: { status: "expired" } };
  forgetPlayContext(db, kioskId);
  return { ok: true, pairing: { status: "paired", token, kioskId } };
}

export type ClaimPairingResult =
  | { ok: true; kioskId: string }
  | { ok: false; status: 404; reason: "unknown-code" | "unknown-kiosk" }
  | { ok: false; status: 429; reason: "too-many"; retryAfter: number }
  | Forbidden;

/**
 * An admin enters a screen's code and picks the kiosk: the kiosk's current device (if any) is unpaired at once, and
 * the screen collects the new token at its next poll. A wrong code counts against the admin's address and the site.
 */
export async function claimPairing(
  db: Database,
  viewer: AdminViewer,
  {
    code,
    kioskId,
    clientIp,
    now = new Date(),
  }: { code: string; kioskId: string; clientIp: string; now?: Date },
): Promise<ClaimPairingResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const keys = [`kiosk-code:${clientIp}`, "kiosk-code:all"];
  const perIp = await hitRateLimit(db, keys[0]!, CODE_GUESS_RULE);
  const global = await hitRateLimit(db, keys[1]!, CODE_GUESS_GLOBAL_RULE);
  if (!perIp.allowed || !global.allowed) {
    return {
      ok: false,
      status: 429,
      reason: "too-many",
      retryAfter: Math.max(perIp.retryAfter, global.retryAfter),
    };
  }
  if (!isUuid(kioskId)) return { ok: false, status: 404, reason: "unknown-kiosk" };
  const normalized = normalizePairingCode(code);
  const result = await db.transaction(async (tx) => {
    const [kiosk] = await tx
      .select({ id: kiosks.id })
      .from(kiosks)
      .where(and(eq(kiosks.id, kioskId), isNull(kiosks.retiredAt)))
      .for("update");
    if (!kiosk) return "unknown-kiosk" as const;
    const [pairing] = await tx
      .update(kioskPairings)
      .set({ kioskId, claimedAt: now })
      .where(
        and(
          eq(kioskPairings.code, normalized),
          isNull(kioskPairings.kioskId),
          gt(kioskPairings.expiresAt, now),
        ),
      )
      .returning({ id: kioskPairings.id });
    if (!pairing) return "unknown-code" as const;
    await keepRevokedToken(tx as unknown as Database, kioskId, now);
    await tx.update(kiosks).set({ deviceTokenHash: null, pairedAt: null }).where(eq(kiosks.id, kioskId));
    return "claimed" as const;
  });
  if (result !== "claimed") return { ok: false, status: 404, reason: result };
  forgetPlayContext(db, kioskId);
  // A right code is not a guess.
  for (const key of keys) await refundRateLimit(db, key);
  return { ok: true, kioskId };
}

/** How many pairing codes wait for an admin right now (shown on /admin/kiosks). */
export async function countWaitingPairings(db: Database, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kioskPairings)
    .where(waitingAt(now));
  return row?.n ?? 0;
}
