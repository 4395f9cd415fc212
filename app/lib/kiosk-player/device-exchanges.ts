import { MAX_PLAYS_PER_BATCH } from "~/lib/kiosk-schemas";
import { SCREENSHOT_PATH } from "~/lib/kiosk-screenshot";
import type { DeviceCall } from "./device";
import type { PlayerStore } from "./local-db";
import { clockOffset, isScreenManifest, type ScreenManifest } from "./manifest";

// The player's exchanges with the device API (docs/product.md#kiosks), each one request and its answer read.
// What the player does with the answer is the player's (player.ts); a 401 throws UnpairedError (device.ts), a
// network failure throws as fetch does.

export const PLAYS_PATH = "/api/kiosk/plays";

export type ManifestAnswer =
  | { kind: "new"; manifest: ScreenManifest; offsetMs: number }
  | { kind: "unchanged" }
  | { kind: "error"; message: string };

/** Revalidates the manifest the screen has (`knownVersion`): a 304 is "unchanged". */
export async function readManifest(
  call: DeviceCall,
  knownVersion: string | null,
  now: () => number,
): Promise<ManifestAnswer> {
  const headers: HeadersInit = knownVersion ? { "If-None-Match": `"${knownVersion}"` } : {};
  const sentAt = now();
  const response = await call("/api/kiosk/manifest", { headers });
  if (response.status === 304) return { kind: "unchanged" };
  if (response.status !== 200) return { kind: "error", message: `Manifest: HTTP ${response.status}` };
  const body: unknown = await response.json();
  if (!isScreenManifest(body)) return { kind: "error", message: "The manifest could not be read" };
  return { kind: "new", manifest: body, offsetMs: clockOffset(body.serverTime, sentAt, now()) };
}

export interface HeartbeatReport {
  playerVersion: string;
  manifestVersion: string | null;
  playing: { itemId: string; adId: string | null } | null;
  storageBytes: number | null;
  errors: string[];
}

/** Sends the heartbeat; null when the server did not take it. */
export async function sendHeartbeat(
  call: DeviceCall,
  report: HeartbeatReport,
  now: () => number,
): Promise<{ offsetMs: number; newer: boolean; screenshot: boolean } | null> {
  const sentAt = now();
  const response = await call("/api/kiosk/heartbeat", { method: "POST", body: JSON.stringify(report) });
  if (!response.ok) return null;
  const reply = (await response.json()) as { serverTime: string; newer: boolean; screenshot?: boolean };
  return {
    offsetMs: clockOffset(reply.serverTime, sentAt, now()),
    newer: reply.newer,
    screenshot: reply.screenshot === true,
  };
}

/** Sends a picture of the screen (base64 JPEG, app/lib/kiosk-screenshot.ts); false when the server did not take it. */
export async function sendScreenshot(call: DeviceCall, jpeg: string): Promise<boolean> {
  const response = await call(SCREENSHOT_PATH, { method: "POST", body: JSON.stringify({ jpeg }) });
  return response.ok;
}

/**
 * Sends the unacknowledged plays in batches; each batch is forgotten only once the server answered it. The play
 * `onScreen()` names is left for later: it is sent once it has ended.
 */
export async function uploadPlays(
  call: DeviceCall,
  store: Pick<PlayerStore, "pendingPlays" | "acknowledgePlays">,
  onScreen: () => string | null,
): Promise<void> {
  for (;;) {
    const batch = (await store.pendingPlays(MAX_PLAYS_PER_BATCH + 1))
      .filter((play) => play.id !== onScreen())
      .slice(0, MAX_PLAYS_PER_BATCH);
    if (batch.length === 0) return;
    const response = await call(PLAYS_PATH, { method: "POST", body: JSON.stringify({ plays: batch }) });
    if (!response.ok) return;
    await store.acknowledgePlays(batch.map((play) => play.id));
    if (batch.length < MAX_PLAYS_PER_BATCH) return;
  }
}
