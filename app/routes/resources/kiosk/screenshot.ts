import type { Route } from "./+types/screenshot";
import {
  authorizeDevicePost,
  deviceEndpoint,
  deviceJson,
  METHOD_NOT_ALLOWED,
} from "~/.server/kiosks/device-guard";
import { findKioskByToken } from "~/.server/kiosks/device-token";
import { storeScreenshot } from "~/.server/kiosks/screenshots";
import { ScreenshotSchema } from "~/lib/kiosk-screenshot";

/**
 * POST /api/kiosk/screenshot: the paired screen's picture of what it shows, replacing the one before
 * (docs/product.md#what-is-on-the-screen). Only the current token: a revoked one gets 401.
 */
export function loader() {
  return METHOD_NOT_ALLOWED("POST");
}

export function action(args: Route.ActionArgs) {
  return deviceEndpoint(args, async (device) => {
    const { found: kiosk, body } = await authorizeDevicePost(device, ScreenshotSchema, (token) =>
      findKioskByToken(device.services.db, token),
    );
    const stored = await storeScreenshot(device.services.db, kiosk.id, Buffer.from(body.jpeg, "base64"));
    if (!stored.ok)
      return deviceJson({ error: stored.reason }, { status: stored.reason === "too-large" ? 413 : 400 });
    return deviceJson({ stored: true });
  });
}
