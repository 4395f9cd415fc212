import { sql } from "drizzle-orm";
import type { Heartbeat } from "~/lib/kiosk-schemas";
import { PlaySchema } from "~/lib/kiosk-schemas";
import { queryRows, type Database } from "../infra/db/client";
import {
  DEVICE_KIOSK_COLUMNS,
  hashDeviceSecret,
  toDeviceKiosk,
  type DeviceKiosk,
  type DeviceKioskRow,
} from "./device-token";
import type { Manifest } from "./manifest";
import type { KioskRuntime } from "./runtime";

// What a paired screen asks of the server (docs/architecture.md#device-callers): its manifest, a heartbeat, its
// plays. The token's kiosk is the only kiosk a request can read or write.

export type ManifestAnswer =
  | { status: 304; version: string }
  | { status: 200; version: string; manifest: Manifest & { serverTime: string } };

/** The kiosk's manifest, or 304 when `ifNoneMatch` already names its current version. */
export async function readManifest(
  runtime: KioskRuntime,
  kiosk: DeviceKiosk,
  { ifNoneMatch, now = new Date() }: { ifNoneMatch: string | null; now?: Date },
): Promise<ManifestAnswer> {
  const known = parseEtags(ifNoneMatch);
  const current = await runtime.manifests.current(kiosk, { now });
  if (known.includes(current.version)) return { status: 304, version: current.version };
  const manifest =
    current.manifest ?? (await runtime.manifests.current(kiosk, { now, build: true })).manifest!;
  return {
    status: 200,
    version: manifest.version,
    manifest: { ...manifest, serverTime: now.toISOString() },
  };
}

/** The version strings of an If-None-Match header (strong or weak tags; "*" matches any). */
function parseEtags(header: string | null): string[] {
  if (!header) return [];
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, "").replace(/^"|"$/g, ""));
}

export interface HeartbeatReply {
  serverTime: string;
  manifestVersion: string;
  newer: boolean;
}

/**
 * Stores what the screen said (its last heartbeat and when), and answers with the server's time and whether a newer
 * manifest waits. One statement finds the token's kiosk and updates it; null: no such paired kiosk.
 */
export async function recordHeartbeat(
  db: Database,
  runtime: KioskRuntime,
  token: string,
  heartbeat: Heartbeat,
  now = new Date(),
): Promise<HeartbeatReply | null> {
  const beat = JSON.stringify({ ...heartbeat, receivedAt: now.toISOString() });
  const [row] = await queryRows<DeviceKioskRow>(
    db,
    sql`update kiosks set last_seen_at = ${now.toISOString()}, last_heartbeat = ${beat}::jsonb
        where device_token_hash = ${hashDeviceSecret(token)} and retired_at is null
        returning ${DEVICE_KIOSK_COLUMNS}`,
  );
  const kiosk = row ? toDeviceKiosk(row) : null;
  if (!kiosk) return null;
  const { version } = await runtime.manifests.current(kiosk, { now });
  return {
    serverTime: now.toISOString(),
    manifestVersion: version,
    newer: heartbeat.manifestVersion !== version,
  };
}

/** A play said to start further ahead of the server's clock than this is a broken clock, not a play. */
const MAX_CLOCK_AHEAD_MS = 24 * 3600_000;
const EARLIEST_PLAY = Date.parse("2024-01-01T00:00:00Z");

export interface PlaysReply {
  stored: number;
  duplicates: number;
  /** Plays that were malformed or named another kiosk: not stored. */
  ignored: number;
}

/**
 * Stores a batch of plays for the token's kiosk, each UUID once however often the batch is sent again, with the
 * device's own times. A play that is malformed or names another kiosk is skipped, never the whole batch (a device
 * would otherwise send it again forever).
 */
export async function recordPlays(
  db: Database,
  kioskId: string,
  plays: unknown[],
  now = new Date(),
): Promise<PlaysReply> {
  const latest = now.getTime() + MAX_CLOCK_AHEAD_MS;
  const rows: {
    id: string;
    ad_id: string | null;
    started_at: string;
    ended_at: string;
    completed: boolean;
  }[] = [];
  const seen = new Set<string>();
  let ignored = 0;
  let repeated = 0;
  for (const candidate of plays) {
    const parsed = PlaySchema.safeParse(candidate);
    if (
      !parsed.success ||
      (parsed.data.kioskId !== undefined && parsed.data.kioskId !== kioskId) ||
      Date.parse(parsed.data.startedAt) > latest ||
      Date.parse(parsed.data.startedAt) < EARLIEST_PLAY
    ) {
      ignored++;
      continue;
    }
    const play = parsed.data;
    const id = play.id.toLowerCase();
    if (seen.has(id)) {
      repeated++;
      continue;
    }
    seen.add(id);
    rows.push({
      id,
      ad_id: play.adId?.toLowerCase() ?? null,
      started_at: play.startedAt,
      ended_at: play.endedAt,
      completed: play.completed,
    });
  }
  if (rows.length === 0) return { stored: 0, duplicates: repeated, ignored };
  // One statement with one parameter, however long the batch.
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`insert into kiosk_plays (id, kiosk_id, ad_id, started_at, ended_at, completed)
        select p.id, ${kioskId}::uuid, p.ad_id, p.started_at, p.ended_at, p.completed
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as p(id uuid, ad_id uuid, started_at timestamptz, ended_at timestamptz, completed boolean)
        on conflict (id) do nothing
        returning id`,
  );
  return { stored: inserted.length, duplicates: repeated + rows.length - inserted.length, ignored };
}
