import { createHash } from "node:crypto";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { hasSessionCookie } from "~/.server/auth/session-cookie";

/** Public pages for signed-out visitors are cacheable for a short while (docs/performance.md "Caching"). */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (no streaming: our loaders await their data), so the HTML can carry
 * an ETag and answer 304 to revalidation. Signed-in pages are never stored by caches. (Not `renderToString`:
 * React Router's `<Scripts>` hands the loader data to the browser through a Suspense boundary that a string
 * render leaves empty, and the page would never hydrate.)
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
    // React writes 4 KB views and long strings; collect them and encode the rest once at the end. (A
    // `Writable` would run the stream machinery for every 4 KB of every page.)
    const parts: (string | Uint8Array)[] = [];
    const sink = {
      write(chunk: string | Uint8Array) {
        parts.push(chunk);
        return true;
      },
      end() {
        clearTimeout(timeoutId);
        resolve(
          respond(Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)))),
        );
      },
      destroy(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      on() {
        return sink;
      },
    };
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    function respond(html: Buffer<ArrayBuffer>) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const body =
        request.method === "HEAD" ? null : new Uint8Array(html.buffer, html.byteOffset, html.length);
      const cacheable =
        (request.method === "GET" || request.method === "HEAD") &&
        responseStatusCode === 200 &&
        !responseHeaders.has("Set-Cookie") &&
        !hasSessionCookie(request) &&
        !responseHeaders.has("Cache-Control");
      if (!cacheable) {
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE);
        return new Response(body, { status: responseStatusCode, headers: responseHeaders });
      }
      const etag = `W/"${pageHash(html, nonce)}"`;
      responseHeaders.set("ETag", etag);
      responseHeaders.set("Cache-Control", PUBLIC_CACHE);
      responseHeaders.append("Vary", "Cookie");
      const ifNoneMatch = request.headers.get("If-None-Match");
      if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
        return new Response(null, { status: 304, headers: responseHeaders });
      }
      return new Response(body, { status: responseStatusCode, headers: responseHeaders });
    }

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // The cast: React's Node renderer types its destination as a Writable but only calls write, end,
          // destroy and on (react-dom-server.node), which the sink above provides.
          pipe(sink as unknown as NodeJS.WritableStream);
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
