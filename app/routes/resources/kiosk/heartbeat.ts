import type { Route } from "./+types/heartbeat";
import { recordHeartbeat } from "~/.server/kiosks/device-api";
import {
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
  readJson,
  refuseToken,
  requireBearer,
} from "~/.server/kiosks/device-guard";
import { HeartbeatSchema } from "~/lib/kiosk-schemas";

/** POST /api/kiosk/heartbeat: what the screen is doing; the reply carries the server time and the latest version. */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async (device) => {
    const token = requireBearer(device);
    const parsed = HeartbeatSchema.safeParse(await readJson(device.request));
    if (!parsed.success) return deviceJson({ error: "malformed" }, { status: 400 });
    const reply = await recordHeartbeat(device.services.db, device.runtime, token, parsed.data);
    return reply ? deviceJson(reply) : await refuseToken(device);
  });
}
