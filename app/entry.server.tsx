import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/.server/infra/logging/logger";
import { requestInfoContext } from "~/.server/infra/http/request-context";
import { hasSessionCookie } from "~/.server/auth/session-cookie";

/** Public pages for signed-out visitors are cacheable for a short while (docs/deployment.md "Caching"). */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry (streaming, `isbot`), plus the response's CSP nonce on every script React
 * and React Router write, and the Cache-Control that lets caches keep public pages for signed-out visitors.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce = "", log } = loadContext.get(requestInfoContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    setCacheControl(request, responseStatusCode, responseHeaders);
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          setCacheControl(request, responseStatusCode, responseHeaders);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router (handleError); later ones only here.
          if (shellRendered) log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * Signed-out visitors' successful GETs may be kept by browsers, proxies and the page cache; everything else is
 * private. A route that set its own Cache-Control keeps it.
 */
function setCacheControl(request: Request, status: number, headers: Headers) {
  if (headers.has("Cache-Control")) return;
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    !hasSessionCookie(request);
  if (!cacheable) {
    headers.set("Cache-Control", PRIVATE);
    return;
  }
  headers.set("Cache-Control", PUBLIC_CACHE);
  headers.append("Vary", "Cookie");
}

/**
 * Unexpected errors in loaders, actions and rendering: logged once, with the request id (docs/architecture.md#rules-of-the-house). A
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

/** The account forms whose refusals the page's own script receives as a 200 (below). */
const ACCOUNT_FORM_DATA_URLS = new Set(["/signin.data", "/forgot-password.data", "/reset-password.data"]);

/**
 * A refused sign-in or sign-up is a form answer (the message under the field and the toast), not a failed
 * request: when the page's script sent it (React Router's `.data` request), it comes back as 200 with the
 * original status in `X-Form-Status`, so the browser console does not log it as a failed network request. A
 * plain form post (no JavaScript) and any other caller still get the 4xx. docs/decisions/065-form-refusals-are-answers.md
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  if (request.method !== "POST" || !ACCOUNT_FORM_DATA_URLS.has(pathname)) return response;
  if (response.status < 400 || response.status >= 500 || response.status === 413) return response;
  const headers = new Headers(response.headers);
  headers.set("X-Form-Status", String(response.status));
  return new Response(response.body, { status: 200, statusText: "OK", headers });
}
