import { createHash } from "node:crypto";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/.server/logger";
import { renderDocument, settleHandoff } from "~/.server/render-document";
import { requestInfoContext } from "~/.server/request-context";
import { hasSessionCookie } from "~/.server/auth/session-cookie";

/** Public pages for signed-out visitors are cacheable for a short while (docs/performance.md "Caching"). */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (no streaming: our loaders await their data), so the HTML can carry
 * an ETag and answer 304 to revalidation. Signed-in pages are never stored by caches. The loader data React
 * Router hands to the browser is settled first, so the page renders in one synchronous pass
 * (app/.server/render-document.ts, docs/decisions/009-string-rendering.md).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).nonce ?? "";
  await settleHandoff(routerContext);
  const page = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  const { html, failed } = await renderDocument(page, { nonce, timeoutMs: streamTimeout + 1000 });
  if (failed) responseStatusCode = 500;
  return respond(Buffer.from(html));

  function respond(body: Buffer<ArrayBuffer>) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const bytes =
      request.method === "HEAD" ? null : new Uint8Array(body.buffer, body.byteOffset, body.length);
    const cacheable =
      (request.method === "GET" || request.method === "HEAD") &&
      responseStatusCode === 200 &&
      !responseHeaders.has("Set-Cookie") &&
      !hasSessionCookie(request) &&
      !responseHeaders.has("Cache-Control");
    if (!cacheable) {
      if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE);
      return new Response(bytes, { status: responseStatusCode, headers: responseHeaders });
    }
    const etag = `W/"${pageHash(body, nonce)}"`;
    responseHeaders.set("ETag", etag);
    responseHeaders.set("Cache-Control", PUBLIC_CACHE);
    responseHeaders.append("Vary", "Cookie");
    const ifNoneMatch = request.headers.get("If-None-Match");
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
      return new Response(null, { status: 304, headers: responseHeaders });
    }
    return new Response(bytes, { status: responseStatusCode, headers: responseHeaders });
  }
}

/**
 * The page's hash without its nonce, which changes on every response, so identical pages share an ETag. Skips
 * each occurrence in place (a native byte search) rather than copying the page without it.
 */
function pageHash(html: Buffer, nonce: string): string {
  const sha1 = createHash("sha1");
  let start = 0;
  if (nonce) {
    for (let at = html.indexOf(nonce, 0, "latin1"); at !== -1; at = html.indexOf(nonce, start, "latin1")) {
      sha1.update(html.subarray(start, at));
      start = at + nonce.length;
    }
  }
  sha1.update(html.subarray(start));
  return sha1.digest("base64url");
}

/**
 * Unexpected errors in loaders, actions and rendering: logged once, with the request id (STYLE.md habit 12). A
 * refusal React Router answers itself (an OPTIONS or other unsupported method, 405; a bad data request, 400) is not
 * one: the request line already records it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  let log = logger;
  try {
    log = context.get(requestInfoContext).log;
  } catch {
    // no request context (should not happen): fall back to the process logger
  }
  log.error({ err: error, url: request.url }, "unhandled error");
};
