import type { Route } from "./+types/plays";
import {
  authorizeDevicePost,
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";
import { recordPlays } from "~/.server/kiosks/play-ingest";
import { PlayBatchSchema } from "~/lib/kiosk-schemas";

/** POST /api/kiosk/plays: a batch of the screen's plays, each stored once (docs/product.md#kiosks, "Proof of play"). */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async (device) => {
    const { found: kiosk, body } = await authorizeDevicePost(device, PlayBatchSchema, (token) =>
      findKioskByToken(device.services.db, token),
    );
    const reply = await recordPlays(device.runtime, kiosk.id, body.plays);
    const refused = Object.entries(reply.refused).filter(([, n]) => n > 0);
    // One line per batch with refusals: a screen sending implausible plays is worth an operator's look.
    if (refused.length) {
      device.log.warn(
        { kioskId: kiosk.id, stored: reply.stored, refused: Object.fromEntries(refused) },
        "kiosk plays refused",
      );
    }
    return deviceJson(reply);
  });
}
