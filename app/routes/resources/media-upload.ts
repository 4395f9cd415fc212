import type { Route } from "./+types/media-upload";
import type { FlashToast } from "~/lib/flash-toast";
import type { FormReply } from "~/lib/form-submission";
import { MEDIA_TOASTS, MediaUploadSchema, uploadFieldsToast, type MediaItem } from "~/lib/media";
import { getViewer } from "~/.server/auth/guards";
import {
  isStorageFull,
  MEDIA_BODY_BUDGET,
  mediaUploadRules,
  storageFullToast,
  uploadMedia,
  uploadRefusalToast,
} from "~/.server/media/media";
import { storageQuotaOf, uploadQuotaOf, type StorageQuota } from "~/.server/media/storage-quota";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { discardRequestBody, receiveValidatedForm, type ValidatedForm } from "~/.server/infra/uploads";

/** The upload dialog's reply: a FormReply, with the new item when it worked. */
const reply = (body: FormReply & { media?: MediaItem }, status: number) => Response.json(body, { status });

/**
 * POST /dashboard/media: the upload dialog's streamed multipart upload (text fields first, then `file`).
 * Answers JSON (the dialog posts with XMLHttpRequest for its progress bar): the spec's toast, with a 4xx when
 * refused. Deleting happens on the dashboard page's own action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { log } = getRequestInfo(context);
  if (request.method !== "POST") {
    return Response.json(
      { ok: false, toast: MEDIA_TOASTS.uploadFailed },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  // Resource routes skip React Router's own Origin check for actions; cross-site writes are refused before any
  // route runs, by `rejectCrossSiteWrites` (server/security.ts) in server/app.ts.
  const viewer = await getViewer(request, context);
  if (!viewer) {
    discardRequestBody(request, MEDIA_BODY_BUDGET);
    return reply({ ok: false, toast: MEDIA_TOASTS.authRequired }, 401);
  }

  const services = getServicesFrom(context);
  const refused = (toast: FlashToast, status: number) => {
    log.info({ status, refusal: toast.title, userId: viewer.id }, "media upload refused");
    return reply({ ok: false, toast }, status);
  };
  try {
    // The account's storage quota (app/.server/media/storage-quota.ts): a full account is refused before its
    // body is read, and the receiver counts the file against what is left while it streams in.
    const quota = await storageQuotaOf(services.db, services.env, viewer);
    if (isStorageFull(quota)) {
      discardRequestBody(request, MEDIA_BODY_BUDGET);
      return refused(storageFullToast(quota), 413);
    }
    const form = await receiveValidatedForm(request, services.storage, MediaUploadSchema, {
      files: mediaUploadRules(viewer),
      requiredFiles: ["file"],
      quota: uploadQuotaOf(quota),
    });
    if (!form.ok) return refused(refusalToast(form, quota), form.status);
    const result = await uploadMedia(services, viewer, form.value, form.files.file!);
    if (!result.ok) return refused(result.toast, result.status);
    log.info(
      { mediaId: result.media.id, size: result.media.fileSize, type: result.media.fileType },
      "media uploaded",
    );
    return reply({ ok: true, media: result.media, toast: MEDIA_TOASTS.uploaded }, 201);
  } catch (error) {
    log.error({ err: error, userId: viewer.id }, "media upload failed");
    return reply({ ok: false, toast: MEDIA_TOASTS.uploadFailed }, 500);
  }
}

/**
 * The spec's toast for a form the receiver refused: the file's type or size, the storage quota, no file, or a
 * text field.
 */
function refusalToast(
  form: Extract<ValidatedForm<unknown>, { ok: false }>,
  quota: StorageQuota | null,
): FlashToast {
  if (form.refusal) return uploadRefusalToast(form.refusal, quota);
  if (form.missingFile) return MEDIA_TOASTS.noFile;
  return uploadFieldsToast(form.result?.error);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
