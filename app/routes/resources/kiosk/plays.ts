import type { Route } from "./+types/plays";
import { recordPlays } from "~/.server/kiosks/device-api";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  readJson,
  refuseToken,
  requireBearer,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";
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
    return deviceJson(await recordPlays(device.services.db, kiosk.id, parsed.data.plays));
  });
}
