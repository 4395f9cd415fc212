import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { FlashToast } from "~/lib/flash-toast";
import { getViewer, type Viewer } from "../auth/guards";
import { formReply, parseSubmission } from "./form-actions";
import { getRequestInfo } from "../infra/http/request-context";
import { getServicesFrom, type Services } from "../services";
import { discardRequestBody, isMultipartForm } from "../infra/uploads";

/** What a dialog action's handlers work with. */
export interface DialogRequest {
  request: Request;
  viewer: Viewer;
  services: Services;
  log: Logger;
}

type Reply = ReturnType<typeof formReply>;

interface DialogActionOptions<S extends z.ZodType> {
  /** The small (url-encoded) form of the dialog's buttons, such as delete; its `intent` field says what to do. */
  schema: S;
  /** What that form's failures say (refused, failed, or sent by a signed-out visitor). */
  failed: FlashToast;
  act: (input: z.output<S>, dialog: DialogRequest) => Promise<Reply>;
  /** A dialog whose save carries files: its multipart form (intent "save") streams in and is read by `run`. */
  save?: {
    failed: FlashToast;
    /** What a signed-out visitor is told (default: `failed`). */
    signedOut?: FlashToast;
    /** The most a save may weigh: a refused one is read and thrown away up to this. */
    budget: number;
    run: (dialog: DialogRequest) => Promise<Reply>;
  };
}

/**
 * The one shape of a dialog action (/admin, /admin/stories, /admin/inbox, /dashboard). A signed-out visitor gets
 * 401 and the failure toast (not a redirect: a fetcher reads the reply); a multipart form is the dialog's save and
 * streams to `save.run`; a small form is parsed with `schema` and handed to `act`. Every answer is a FormReply, and
 * an unexpected failure is logged once and answered with the failure toast and 500.
 */
export async function dialogAction<S extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: DialogActionOptions<S>,
): Promise<Reply> {
  const { log } = getRequestInfo(context);
  const save = isMultipartForm(request) ? options.save : undefined;
  const failed = save?.failed ?? options.failed;
  const viewer = await getViewer(request, context);
  if (!viewer) {
    if (save) discardRequestBody(request, save.budget);
    return formReply({ ok: false, toast: save?.signedOut ?? failed }, 401);
  }
  const dialog = { request, viewer, services: getServicesFrom(context), log };
  try {
    if (save) return await save.run(dialog);
    const submission = await parseSubmission(request, options.schema);
    if (submission.status !== "success") return formReply({ ok: false, toast: failed }, 400);
    return await options.act(submission.value, dialog);
  } catch (error) {
    log.error({ err: error, userId: viewer.id, save: Boolean(save) }, "dialog action failed");
    return formReply({ ok: false, toast: failed }, 500);
  }
}
