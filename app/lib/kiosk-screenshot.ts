import { z } from "~/lib/zod";

// What a screen sends of what it shows (docs/product.md#what-is-on-the-screen): one small JPEG, its longest side at
// most SCREENSHOT_MAX_SIDE pixels and its file at most SCREENSHOT_MAX_BYTES, base64 in a JSON body. The player
// (app/lib/kiosk-player/screen-capture.ts) makes it to fit; the server (app/.server/kiosks/screenshots.ts) checks it
// is a real JPEG within both bounds, and keeps one per kiosk.

export const SCREENSHOT_MAX_SIDE = 480;
export const SCREENSHOT_MAX_BYTES = 64 * 1024;
/** The device API path a screen posts its screenshot to. */
export const SCREENSHOT_PATH = "/api/kiosk/screenshot";

/** POST /api/kiosk/screenshot: `{ "jpeg": "<base64>" }`, nothing else. */
export const ScreenshotSchema = z
  .object({
    jpeg: z
      .string()
      .max(Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  })
  .strict();

/** What the fleet page shows of a kiosk's picture: when it was taken, its size, and a request still waiting. */
export interface ScreenshotState {
  takenAt: string | null;
  width: number | null;
  height: number | null;
  /** An admin's request the screen has not answered yet. */
  requestedAt: string | null;
}
