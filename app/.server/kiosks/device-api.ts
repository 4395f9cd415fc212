import { sql } from "drizzle-orm";
import type { Heartbeat } from "~/lib/kiosk-schemas";
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
import { screenshotWanted } from "./screenshots";
import { recordServedItems } from "./served-items";

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
  if (known.includes(current.version)) {
    // The screen holds a manifest this process has not recorded as served to it (it got it from another
    // process, or before a restart or an upgrade): record it once, so its plays are not refused as never served.
    if (runtime.served.get(kiosk.id) !== current.version) {
      const held =
        current.manifest ?? (await runtime.manifests.current(kiosk, { now, build: true })).manifest!;
      await recordServedItems(runtime.db, kiosk.id, held, { now, since: "held" });
      runtime.playContexts.forget(kiosk.id);
      runtime.served.remember(kiosk.id, current.version);
    }
    return { status: 304, version: current.version };
  }
  const manifest =
    current.manifest ?? (await runtime.manifests.current(kiosk, { now, build: true })).manifest!;
  // Every answer with a body is recorded (cheap: a manifest changes rarely), whatever this process remembers.
  await recordServedItems(runtime.db, kiosk.id, manifest, { now });
  // Plays are checked against what was served: the next batch reads it again (a manifest changes rarely).
  runtime.playContexts.forget(kiosk.id);
  runtime.served.remember(kiosk.id, manifest.version);
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
  /** Send a picture of the screen (screenshots.ts): an admin asked, or the last one is old. */
  screenshot: boolean;
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
  const [row] = await queryRows<DeviceKioskRow & { screenshot_wanted: boolean }>(
    db,
    sql`update kiosks set last_seen_at = ${now.toISOString()}, last_heartbeat = ${beat}::jsonb
        where device_token_hash = ${hashDeviceSecret(token)} and retired_at is null
        returning ${DEVICE_KIOSK_COLUMNS}, ${screenshotWanted(now)} as screenshot_wanted`,
  );
  if (!row) return null;
  const kiosk = toDeviceKiosk(row);
  const { version } = await runtime.manifests.current(kiosk, { now });
  return {
    serverTime: now.toISOString(),
    manifestVersion: version,
    newer: heartbeat.manifestVersion !== version,
    screenshot: row.screenshot_wanted,
  };
}
