import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../infra/db/client";
import { hashDeviceSecret } from "./device-token";

// Plays made while a screen was paired outlive its pairing (docs/security.md#proof-of-play, "After Unpair"). When a
// token is revoked (Unpair, Retire, a new pairing of its kiosk), its hash is kept a day with the pairing it ended;
// in that day the token may still post plays, and only plays that started within the pairing are stored. It gets
// nothing else: no manifest, no heartbeat, no screenshot (those read the kiosk's current token only).

/** How long a revoked token may still send the plays of its pairing: a screen offline at the unpair comes back. */
export const REVOKED_TOKEN_GRACE_MS = 24 * 3600_000;

/** The pairing a revoked token ended: its kiosk, and when the pairing began and ended (ms). */
export interface EndedPairing {
  kioskId: string;
  pairedAt: number;
  revokedAt: number;
}

/**
 * Keeps the kiosk's current token (if any) as revoked, before the statement that clears it: run both in one
 * transaction. Revoked tokens older than the grace are dropped on the way (a handful of rows at most).
 */
export async function keepRevokedToken(run: Database, kioskId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - REVOKED_TOKEN_GRACE_MS).toISOString();
  await run.execute(sql`delete from kiosk_revoked_tokens where revoked_at < ${since}::timestamptz`);
  await run.execute(
    sql`insert into kiosk_revoked_tokens (token_hash, kiosk_id, paired_at, revoked_at)
        select device_token_hash, id, coalesce(paired_at, ${now.toISOString()}::timestamptz),
               ${now.toISOString()}::timestamptz
        from kiosks where id = ${kioskId}::uuid and device_token_hash is not null
        on conflict (token_hash) do nothing`,
  );
}

/** The pairing `token` ended less than REVOKED_TOKEN_GRACE_MS ago, or null (never revoked, or too long ago). */
export async function findEndedPairing(
  db: Database,
  token: string,
  now = new Date(),
): Promise<EndedPairing | null> {
  const since = new Date(now.getTime() - REVOKED_TOKEN_GRACE_MS).toISOString();
  const [row] = await queryRows<{ kiosk_id: string; paired_at: string; revoked_at: string }>(
    db,
    sql`select kiosk_id, paired_at::text as paired_at, revoked_at::text as revoked_at from kiosk_revoked_tokens
        where token_hash = ${hashDeviceSecret(token)} and revoked_at > ${since}::timestamptz limit 1`,
  );
  return row
    ? { kioskId: row.kiosk_id, pairedAt: Date.parse(row.paired_at), revokedAt: Date.parse(row.revoked_at) }
    : null;
}
