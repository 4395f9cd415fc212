import type { Route } from "./+types/heartbeat";
import { recordHeartbeat } from "~/.server/kiosks/device-api";
import {
  authorizeDevicePost,
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
} from "~/.server/kiosks/device-guard";
import { HeartbeatSchema } from "~/lib/kiosk-schemas";

/** POST /api/kiosk/heartbeat: what the screen is doing; the reply carries the server time and the latest version. */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async (device) => {
    // One statement finds the token's kiosk and stores the heartbeat on it.
    const { found: reply } = await authorizeDevicePost(device, HeartbeatSchema, (token, heartbeat) =>
      recordHeartbeat(device.services.db, device.runtime, token, heartbeat),
    );
    return deviceJson(reply);
  });
}
