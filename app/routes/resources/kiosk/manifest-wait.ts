import type { Route } from "./+types/manifest-wait";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  refuseToken,
  requireBearer,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";
import { waitForNewerManifest } from "~/.server/kiosks/manifest-wait";

/**
 * GET /api/kiosk/manifest/wait: held open until the token's kiosk's manifest version differs from the one its
 * If-None-Match names (then `newer: true`), or about 25 s (`newer: false`); the screen then reads the manifest.
 */
export function loader(args: Route.LoaderArgs) {
  return deviceEndpoint(args, async (device) => {
    const token = requireBearer(device);
    const kiosk = (await findKioskByToken(device.services.db, token)) ?? (await refuseToken(device));
    const known =
      device.request.headers.get("If-None-Match")?.replace(/^W\//, "").replace(/^"|"$/g, "") || null;
    const answer = await waitForNewerManifest(device.runtime, kiosk, known, {
      signal: device.request.signal,
    });
    return deviceJson(answer);
  });
}

export function action() {
  return METHOD_NOT_ALLOWED("GET");
}
