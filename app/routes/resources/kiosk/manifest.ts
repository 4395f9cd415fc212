import type { Route } from "./+types/manifest";
import { readManifest } from "~/.server/kiosks/device-api";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  refuseToken,
  requireBearer,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";

/** GET /api/kiosk/manifest: the token's kiosk's manifest; 304 when If-None-Match names its current version. */
export function loader(args: Route.LoaderArgs) {
  return deviceEndpoint(args, async (device) => {
    const token = requireBearer(device);
    const kiosk = (await findKioskByToken(device.services.db, token)) ?? (await refuseToken(device));
    const answer = await readManifest(device.runtime, kiosk, {
      ifNoneMatch: device.request.headers.get("If-None-Match"),
    });
    // Revalidated on every poll: the player keeps its own copy (and the service worker the last good one).
    const headers = { ETag: `"${answer.version}"`, "Cache-Control": "private, no-cache" };
    if (answer.status === 304) return new Response(null, { status: 304, headers });
    return deviceJson(answer.manifest, { headers });
  });
}

export function action() {
  return METHOD_NOT_ALLOWED("GET");
}
