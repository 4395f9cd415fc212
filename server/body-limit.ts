import type { NextFunction, Request, Response } from "express";

/** Enough for any form or JSON body of the site (the longest, a story, is 10,000 characters). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The streamed uploads (media, business images, story backgrounds): multipart bodies that go to storage as they
 * arrive, under their own per-file limits (app/.server/uploads). Paths as React Router sees them, with or without
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

/** After refusing a declared body, how much more of it is read (and thrown away) before the connection is cut. */
const LINGER_BYTES = 1024 * 1024;

function answer413(req: Request, res: Response, bytes: number, limit: number) {
  req.log?.warn({ bytes, limit }, "request body too large; refused");
  res.status(413).type("text/plain").send("Payload Too Large");
}

/**
 * A body declared too large, not read yet: answered at once, then read on and thrown away for a little while, so
 * that a client still sending (a browser sends its whole body before it reads the reply) is not cut off before it
 * has read the 413. Past LINGER_BYTES the connection is closed.
 */
function refuseDeclared(req: Request, res: Response, declared: number, limit: number) {
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.socket.destroy();
  });
  req.resume();
  answer413(req, res, declared, limit);
}

/**
 * Caps every request body except the streamed uploads at `maxBytes` (docs/security.md "Body size"): a declared
 * Content-Length over the cap is refused at once; otherwise the bytes are counted as they arrive, and the request
 * is answered 413 the moment the count passes the cap. The count watches the same stream the React Router adapter
 * reads (the request is paused first, so watching does not start the flow early), so no body is ever buffered
 * here; past the cap the body's reader sees an aborted request, and nothing is parsed.
 * The longest form (a 5,000-character message, URL-encoded) stays well under the cap.
 */
export function limitRequestBodies({ maxBytes = MAX_BODY_BYTES } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || isUpload(req)) return next();
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > maxBytes) return refuseDeclared(req, res, declared, maxBytes);

    let seen = 0;
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= maxBytes) return;
      req.off("data", count);
      if (!res.headersSent) answer413(req, res, seen, maxBytes);
      // The body's reader (React Router's request, Better Auth) now fails instead of parsing what came so far, and
      // the connection closes: this body (sent without a Content-Length, so by a script, not a browser's form) is
      // not read any further.
      req.destroy();
    };
    req.pause();
    req.on("data", count);
    next();
  };
}
