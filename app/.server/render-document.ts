import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { logger } from "./logger";

/** The comment React's string renderer leaves where a Suspense boundary could not finish on the server. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

export interface RenderedDocument {
  /** The page's HTML, from its doctype. */
  html: string;
  /** Whether a part of the page failed to render (logged); the page should answer 500. */
  failed: boolean;
}

/**
 * Renders a whole document, waiting for everything in it.
 *
 * It first renders to a string in one synchronous pass, which costs React far less than its Node stream
 * renderer: that one encodes each of a page's thousands of small chunks into byte views as it goes, ~12 % of a
 * page's CPU in a profile of the load bench. A string render cannot wait for a Suspense boundary; where one
 * suspended, React leaves it to the client with a marker, and the page is then rendered again with the
 * stream renderer, which waits (and reports errors inside boundaries, which the string renderer swallows).
 */
export async function renderDocument(
  page: ReactElement,
  { nonce, timeoutMs }: { nonce?: string; timeoutMs: number },
): Promise<RenderedDocument> {
  const html = renderToString(page);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return { html: `<!DOCTYPE html>${html}`, failed: false };
  return renderStreamed(page, { nonce, timeoutMs });
}

/** React's stream renderer, once everything has settled (or after `timeoutMs`, what has by then). */
function renderStreamed(page: ReactElement, { nonce, timeoutMs }: { nonce?: string; timeoutMs: number }) {
  return new Promise<RenderedDocument>((resolve, reject) => {
    let html = "";
    let failed = false;
    const decoder = new TextDecoder();
    // React calls only write, end, destroy and on on its destination (react-dom-server.node).
    const sink = {
      write(chunk: string | Uint8Array) {
        html += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
        return true;
      },
      end() {
        clearTimeout(timeoutId);
        resolve({ html: html + decoder.decode(), failed });
      },
      destroy(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      on() {
        return sink;
      },
    };
    const timeoutId = setTimeout(() => abort(), timeoutMs);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        logger.error({ err: error }, "render error");
      },
    });
  });
}

/**
 * Reads the loader data React Router encodes for the browser (a stream that ends once every value has
 * settled, or after `streamTimeout`) and leaves it, whole, in the cache its `<StreamTransfer>` reads before it
 * would wait: the page then renders without suspending, and the browser gets the same data in one script.
 * (`renderMeta.streamCache` is part of React Router's `EntryContext` type; e2e tests check pages hydrate.)
 */
export async function settleHandoff(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    value += decoder.decode(chunk.value, { stream: true });
  }
  value += decoder.decode();
  // `<ServerRouter>` takes its own reader from the (now finished) stream.
  reader.releaseLock();
  const settled = Object.assign(Promise.resolve(), { result: { done: true, value } });
  context.renderMeta = { ...context.renderMeta, streamCache: { 0: settled } };
}
