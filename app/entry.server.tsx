import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/.server/infra/logging/logger";
import { pageModesContext, type PageModes } from "~/.server/infra/http/page-modes";
import { requestInfoContext } from "~/.server/infra/http/request-context";
import { hasSessionCookie } from "~/.server/auth/session-cookie";

/** Public pages for signed-out visitors are cacheable for a short while (docs/deployment.md "Caching"). */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const PRIVATE = "private, no-store";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry (streaming, `isbot`), plus the response's CSP nonce on every script React
 * and React Router write, the Cache-Control that lets caches keep public pages for signed-out visitors, and a
 * form page's refusal answered as a page (formAnswerStatus, below).
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
  const refusedWith = formAnswerStatus(
    request,
    responseStatusCode,
    routerContext,
    loadContext.get(pageModesContext),
  );
  if (refusedWith !== null) {
    responseHeaders.set(FORM_STATUS_HEADER, String(refusedWith));
    responseStatusCode = 200;
  }

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

/**
 * The form pages whose refusals are answers (docs/decisions/065 and 071) are the routes whose `handle` says
 * `formPage` (app/lib/page-handle.ts): the public forms and the account forms. A refused post to one of them (its
 * action returned 400–499) comes back as 200, with the real status in `X-Form-Status`, so the browser does not log a
 * form that said no as a failed request.
 */
const FORM_STATUS_HEADER = "X-Form-Status";

/** Whether `status` is a refusal the form shows (not a body too large, which the page never rendered). */
const isFormRefusal = (status: number) => status >= 400 && status < 500 && status !== 413;

/**
 * A document POST (a form sent without the page's React, or without JavaScript) refused by a form page's action:
 * the page is rendered with its messages as for any post, answered 200 with the real status in `X-Form-Status`.
 * Too many attempts (429) keeps its status: a rate limit is something any client should see and
 * back off from. An error the action threw (the error page) keeps its status too.
 */
function formAnswerStatus(
  request: Request,
  status: number,
  context: EntryContext,
  pages: PageModes,
): number | null {
  if (request.method !== "POST" || !isFormRefusal(status) || status === 429) return null;
  if (!pages.isFormPage(request.url)) return null;
  const { actionData, errors } = context.staticHandlerContext;
  return actionData && !errors ? status : null;
}

/**
 * The same for the page's script (React Router's `.data` request), where the body is the action's reply: any
 * refusal, 429 included, comes back as 200 with `X-Form-Status`; the page reads `ok: false` from the body.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  const { pathname } = new URL(request.url);
  if (request.method !== "POST" || !pathname.endsWith(".data") || !isFormRefusal(response.status))
    return response;
  if (!context.get(pageModesContext).isFormPage(request.url)) return response;
  const headers = new Headers(response.headers);
  headers.set(FORM_STATUS_HEADER, String(response.status));
  return new Response(response.body, { status: 200, statusText: "OK", headers });
};
