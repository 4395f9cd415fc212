import type { Route } from "./+types/kiosk-screenshot";
import { KIOSK_TOASTS } from "~/lib/kiosk-schemas";
import { requireAdmin } from "~/.server/auth/guards";
import { formReply } from "~/.server/actions/form-actions";
import { readScreenshot, requestScreenshot } from "~/.server/kiosks/screenshots";
import { getServicesFrom } from "~/.server/services";

// /admin/kiosks/:kioskId/screenshot (docs/product.md#what-is-on-the-screen): GET, the kiosk's last picture (admins
// only); POST, an admin asks the screen for a new one, which it sends with its next heartbeat.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const found = await readScreenshot(getServicesFrom(context).db, viewer, params.kioskId);
  if (!found.ok) {
    return new Response("No picture of this screen yet.", {
      status: found.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const etag = `"${found.takenAt.getTime().toString(36)}"`;
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(found.jpeg), {
    headers: { ...headers, "Content-Type": "image/jpeg", "Content-Length": String(found.jpeg.length) },
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const result = await requestScreenshot(getServicesFrom(context).db, viewer, params.kioskId);
  if (!result.ok) return formReply({ ok: false, toast: KIOSK_TOASTS.failed }, result.status);
  return formReply({ ok: true, intent: "screenshot", id: params.kioskId, toast: KIOSK_TOASTS.screenshot });
}
