import { createHash } from "node:crypto";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { hasSessionCookie } from "~/.server/auth/session-cookie";

export const streamTimeout = 5_000;

/** Public pages for signed-out visitors are cacheable for a short while (docs/performance.md "Caching"). */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

/**
 * Renders the whole page before answering (no streaming: our loaders await their data), so the HTML can carry
 * an ETag and answer 304 to revalidation. Signed-in pages are never stored by caches.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).nonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        callback();
        resolve(finish(Buffer.concat(chunks)));
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    function finish(buffer: Buffer) {
      const html = new Uint8Array(buffer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const cacheable =
        (request.method === "GET" || request.method === "HEAD") &&
        responseStatusCode === 200 &&
        !responseHeaders.has("Set-Cookie") &&
        !hasSessionCookie(request) &&
        !responseHeaders.has("Cache-Control");
      if (!cacheable) {
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE);
        return new Response(request.method === "HEAD" ? null : html, {
          status: responseStatusCode,
          headers: responseHeaders,
        });
      }
      // The nonce changes on every response; hash the page without it so identical pages share an ETag.
      const stable = nonce ? buffer.toString("utf8").replaceAll(nonce, "") : buffer;
      const etag = `W/"${createHash("sha1").update(stable).digest("base64url")}"`;
      responseHeaders.set("ETag", etag);
      responseHeaders.set("Cache-Control", PUBLIC_CACHE);
      responseHeaders.append("Vary", "Cookie");
      const ifNoneMatch = request.headers.get("If-None-Match");
      if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
        return new Response(null, { status: 304, headers: responseHeaders });
      }
      return new Response(request.method === "HEAD" ? null : html, {
        status: responseStatusCode,
        headers: responseHeaders,
      });
    }

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

/** Unexpected errors in loaders, actions and rendering: logged once, with the request id (STYLE.md habit 12). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  let log = logger;
  try {
    log = context.get(requestInfoContext).log;
  } catch {
    // no request context (should not happen): fall back to the process logger
  }
  log.error({ err: error, url: request.url }, "unhandled error");
};
