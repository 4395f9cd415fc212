import type { Route } from "./+types/contact-action";
import { notFound } from "~/lib/not-found";
import { contactTarget, isContactAction, recordListingEvent } from "~/.server/results/listing-events";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";

/**
 * /go/{business}/{action}: a contact action on a business page (call, website, email, directions), counted, then
 * the visitor is sent on. Website and directions links point here; phone and email links keep their tel:/mailto:
 * href and ping this URL (the `ping` attribute: a POST the browser sends without JavaScript). Nothing may keep the
 * redirect, or repeat clicks would not be counted.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isContactAction(params.action)) notFound();
  const services = getServicesFrom(context);
  const location = await contactTarget(services, params.id, params.action);
  if (!location) notFound();
  await recordListingEvent(services, params.id, params.action, visitor(request, context));
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** The ping of a tel:/mailto: link: counted, answered with nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isContactAction(params.action)) notFound();
  await recordListingEvent(getServicesFrom(context), params.id, params.action, visitor(request, context));
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

function visitor(request: Request, context: Route.LoaderArgs["context"]) {
  return { userAgent: request.headers.get("User-Agent"), clientIp: getRequestInfo(context).clientIp };
}
