import type { Route } from "./+types/short-link";
import { notFound } from "~/lib/not-found";
import { scanShortLink } from "~/.server/ads/scans";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";

/** /q/{code}: an ad's short link, the target of its QR code. Counts the scan and sends the visitor on. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = await scanShortLink(getServicesFrom(context), {
    code: params.code,
    kioskId: url.searchParams.get("k"),
    userAgent: request.headers.get("User-Agent"),
    clientIp: getRequestInfo(context).clientIp,
  });
  if (!target) throw notFound();
  // Every scan must reach the server to be counted: nothing may keep this redirect.
  return new Response(null, {
    status: 302,
    headers: { Location: target.location, "Cache-Control": "no-store" },
  });
}
