import type { NextFunction, Request, Response } from "express";

/**
 * Enough for any form or JSON body of the site: the longest, a 5,000-character contact message, is under 50 KB
 * URL-encoded even in a script whose every character takes three bytes.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A kiosk's batch of plays (up to 500, about 250 bytes each in JSON) after a day offline: the one JSON body that may
 * be larger. Still read whole by its route, so still bounded (docs/architecture.md#device-callers).
 */
export const PLAYS_BODY_BYTES = 256 * 1024;
/** A screen's picture: SCREENSHOT_MAX_BYTES (64 KB) of JPEG in base64, in a JSON body (app/lib/kiosk-screenshot.ts). */
export const SCREENSHOT_BODY_BYTES = 96 * 1024;
const LARGER_BODIES = new Map([
  ["/api/kiosk/plays", PLAYS_BODY_BYTES],
  ["/api/kiosk/screenshot", SCREENSHOT_BODY_BYTES],
]);

/** After refusing a body, how much more of it is read (and thrown away) before the connection is cut. */
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * The streamed uploads (media, business images, story backgrounds): multipart bodies that go to storage as they
 * arrive, under their own per-file limits (app/.server/infra/uploads). Paths as React Router sees them, with or without
 * the `.data` suffix of a script-driven submission.
 */
const UPLOAD_ROUTES = new Set(["/dashboard/media", "/admin", "/admin/stories"]);

function isUpload(req: Request): boolean {
  const path = req.path
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/$/, "$1");
  return UPLOAD_ROUTES.has(path) && /^multipart\/form-data\b/i.test(req.get("content-type") ?? "");
}

/**
 * Reads the body on and throws it away, so that a client still sending (a browser reads the reply only once its
 * body is out) is not cut off before it can read our answer; past `budget` bytes the connection is closed.
 */
function discardBody(
  req: Request,
  budget: number,
  { onProgress, onEnd }: { onProgress?: (bytes: number) => void; onEnd?: () => void } = {},
) {
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    onProgress?.(seen);
    if (seen > budget) req.socket.destroy();
  });
  if (onEnd) req.on("end", onEnd);
  req.resume();
}

function tooLarge(req: Request, res: Response, bytes: number, limit: number) {
  req.log?.warn({ bytes, limit }, "request body too large; refused");
  res.status(413).type("text/plain").send("Payload Too Large");
}

/**
 * Caps every request body except the streamed uploads at `maxBytes` (a kiosk's plays at PLAYS_BODY_BYTES), before any handler reads a byte of it
 * (docs/security.md "Body size"):
 * - a declared Content-Length over the cap: 413 at once (Node.js reads exactly the declared length, so a length
 *   within the cap bounds the body);
 * - no Content-Length (a chunked body, which a browser's form or `fetch` with a form, text or JSON never sends):
 *   the bytes are counted as they arrive and thrown away; past the cap, 413; a whole body within it, 411.
 * Nothing is kept in memory, and the refused body never reaches React Router or Better Auth.
 */
export function limitRequestBodies({ maxBytes: defaultMax = MAX_BODY_BYTES } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || isUpload(req)) return next();
    const maxBytes = LARGER_BODIES.get(req.path) ?? defaultMax;
    const declared = req.get("content-length");
    if (declared !== undefined) {
      if (Number(declared) <= maxBytes) return next();
      discardBody(req, LINGER_BYTES);
      return tooLarge(req, res, Number(declared), maxBytes);
    }
    if (req.get("transfer-encoding") === undefined) return next();

    discardBody(req, maxBytes + LINGER_BYTES, {
      onProgress: (bytes) => {
        if (bytes > maxBytes && !res.headersSent) tooLarge(req, res, bytes, maxBytes);
      },
      onEnd: () => {
        if (!res.headersSent) res.status(411).type("text/plain").send("Length Required");
      },
    });
  };
}
