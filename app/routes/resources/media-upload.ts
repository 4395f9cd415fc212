import type { Route } from "./+types/media-upload";
import { MEDIA_TOASTS } from "~/lib/media";
import { getViewer } from "~/.server/auth/guards";
import { MEDIA_BODY_BUDGET, uploadMedia } from "~/.server/media/media";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { discardRequestBody } from "~/.server/uploads";

/**
 * POST /dashboard/media: the upload dialog's streamed multipart upload (text fields first, then `file`).
 * Answers JSON: `{ media }` on success, `{ toast }` with the spec's words and a 4xx otherwise.
 * Deleting happens on the dashboard page's own action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { log } = getRequestInfo(context);
  if (request.method !== "POST") {
    return Response.json({ toast: MEDIA_TOASTS.uploadFailed }, { status: 405, headers: { Allow: "POST" } });
  }
  // Resource routes skip React Router's own Origin check for actions; cross-site writes are refused before any
  // route runs, by `rejectCrossSiteWrites` (server/security.ts) in server/app.ts.
  const viewer = await getViewer(request, context);
  if (!viewer) {
    discardRequestBody(request, MEDIA_BODY_BUDGET);
    return Response.json({ toast: MEDIA_TOASTS.authRequired }, { status: 401 });
  }

  try {
    const result = await uploadMedia(getServicesFrom(context), viewer, request);
    if (!result.ok) {
      log.info(
        { status: result.status, refusal: result.toast.title, userId: viewer.id },
        "media upload refused",
      );
      return Response.json({ toast: result.toast }, { status: result.status });
    }
    log.info(
      { mediaId: result.media.id, size: result.media.fileSize, type: result.media.fileType },
      "media uploaded",
    );
    return Response.json({ media: result.media, toast: MEDIA_TOASTS.uploaded }, { status: 201 });
  } catch (error) {
    log.error({ err: error, userId: viewer.id }, "media upload failed");
    return Response.json({ toast: MEDIA_TOASTS.uploadFailed }, { status: 500 });
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
