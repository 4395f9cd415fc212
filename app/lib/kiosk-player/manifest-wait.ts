import type { DeviceCall } from "./device";

// The screen's fast path to a new manifest (docs/decisions/085-takeover-by-long-polling.md): one request held open
// by the server until the manifest's version is not the one named, or about 25 s. A 401 throws UnpairedError
// (device.ts), a network failure throws as fetch does.

export const MANIFEST_WAIT_PATH = "/api/kiosk/manifest/wait";

export interface WaitReply {
  /** The manifest's version differs from the one named: read it now. */
  newer: boolean;
  version: string;
  /** False: the server would not hold the request (busy, or restarting); wait before asking again. */
  held: boolean;
}

/** Waits for a manifest newer than `knownVersion`; null when the answer could not be read. */
export async function waitForManifest(
  call: DeviceCall,
  knownVersion: string | null,
): Promise<WaitReply | null> {
  const headers: HeadersInit = knownVersion ? { "If-None-Match": `"${knownVersion}"` } : {};
  const response = await call(MANIFEST_WAIT_PATH, { headers });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as Partial<WaitReply> | null;
  if (!body || typeof body.newer !== "boolean" || typeof body.version !== "string") return null;
  return { newer: body.newer, version: body.version, held: body.held !== false };
}
