import type { Route } from "./+types/plays";
import {
  authorizeDevicePost,
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";
import { recordPlays } from "~/.server/kiosks/play-ingest";
import { findEndedPairing } from "~/.server/kiosks/revoked-tokens";
import { PlayBatchSchema } from "~/lib/kiosk-schemas";

/**
 * POST /api/kiosk/plays: a batch of the screen's plays, each stored once (docs/product.md#kiosks, "Proof of play");
 * from a token revoked within the day, only the plays of its pairing (docs/security.md#proof-of-play).
 */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async (device) => {
    // The paired screen's token, or one revoked less than a day ago: the plays of its pairing still count.
    const { found: sender, body } = await authorizeDevicePost(
      device,
      PlayBatchSchema,
      async (token) =>
        (await findKioskByToken(device.services.db, token)) ??
        (await findEndedPairing(device.services.db, token)),
    );
    const kiosk = "kioskId" in sender ? { id: sender.kioskId } : sender;
    const ended = "kioskId" in sender ? sender : undefined;
    const reply = await recordPlays(device.runtime, kiosk.id, body.plays, new Date(), ended);
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
