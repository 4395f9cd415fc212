import type { Route } from "./+types/plays";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  readJson,
  refuseToken,
  requireBearer,
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
    const token = requireBearer(device);
    const parsed = PlayBatchSchema.safeParse(await readJson(device.request));
    if (!parsed.success) return deviceJson({ error: "malformed" }, { status: 400 });
    const kiosk = (await findKioskByToken(device.services.db, token)) ?? (await refuseToken(device));
    const reply = await recordPlays(device.runtime, kiosk.id, parsed.data.plays);
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
