import type { Route } from "./+types/listing-view";
import { recordListingEvent } from "~/.server/results/listing-events";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * /business/{id}/seen: the business page's view counter, an image the page embeds. The page itself stays cacheable
 * (by browsers, proxies and the page cache); this small request is never kept, so every view reaches the server.
 * Works without JavaScript. Always answers the same image, counted or not.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await recordListingEvent(getServicesFrom(context), params.id, "view", {
    userAgent: request.headers.get("User-Agent"),
    clientIp: getRequestInfo(context).clientIp,
  });
  return new Response(PIXEL, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
