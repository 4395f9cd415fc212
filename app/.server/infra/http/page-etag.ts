import { createHash } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { pageModesContext } from "./page-modes";
import { isPrivateUrl } from "./private-urls";
import { requestInfoContext } from "./request-context";

/**
 * The page's hash without its CSP nonce, which changes on every response, so identical pages share an ETag. Skips
 * each occurrence in place (a native byte search) rather than copying the page without it.
 */
export function pageHash(html: Buffer, nonce: string): string {
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
 * Root route middleware: a public page (`Cache-Control: public`, which app/entry.server.tsx sets only for
 * signed-out visitors) carries a weak ETag, and a browser or proxy revalidating it with that ETag gets a 304.
 * Public pages do not wait on anything once their loaders are done, so reading them whole delays nothing.
 * Private URLs (app/.server/infra/http/private-urls.ts) never get one.
 */
export const tagPublicPage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (
    request.method !== "GET" ||
    response.status !== 200 ||
    !response.body ||
    !response.headers.get("Cache-Control")?.startsWith("public") ||
    response.headers.has("Set-Cookie") ||
    !response.headers.get("Content-Type")?.startsWith("text/html") ||
    isPrivateUrl(request.url, context.get(pageModesContext))
  ) {
    return response;
  }
  const html = Buffer.from(await response.arrayBuffer());
  const etag = `W/"${pageHash(html, context.get(requestInfoContext).nonce ?? "")}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(html, { status: response.status, headers });
};
