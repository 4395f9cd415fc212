import { data, type RouterContextProvider } from "react-router";
import type { z } from "~/lib/zod";
import { parseFormData, unreadableForm, type FormReply } from "~/lib/form-submission";
import { getRequestInfo } from "../infra/http/request-context";
import { getServicesFrom, type Services } from "../services";
import type { SubmissionCaller, SubmissionResult } from "../submissions/submission-guard";

export { UNREADABLE_FORM_MESSAGE } from "~/lib/form-submission";

/**
 * Reads a small form (url-encoded, no files) and checks it with its shared schema: Conform's submission, whose
 * `reply()` goes back in the FormReply. An unreadable body, or one whose field names the schema cannot hold
 * (parseFormData), is a submission that failed as a whole form.
 */
export async function parseSubmission<S extends z.ZodType>(request: Request, schema: S) {
  const formData = await request.formData().catch(() => null);
  return formData ? parseFormData(formData, schema) : unreadableForm<S>();
}

/**
 * The one way a form action answers (FormReply, with its HTTP status). Errors are returned, never thrown: a thrown
 * reply would reach the error boundary instead of the form.
 */
export function formReply(reply: FormReply, status = 200) {
  return data(reply, { status });
}

/**
 * The action of a public page form (Contact, Join Our Network): parse with the form's schema, hand the input to
 * the submission's domain function, and answer. A refusal (too many submissions) is a message for the whole form.
 */
export async function submitPublicForm<S extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  submit: (services: Services, caller: SubmissionCaller, input: z.output<S>) => Promise<SubmissionResult>,
) {
  const submission = await parseSubmission(request, schema);
  if (submission.status !== "success") return formReply({ ok: false, result: submission.reply() }, 400);
  const { clientIp, log } = getRequestInfo(context);
  const outcome = await submit(getServicesFrom(context), { clientIp, log }, submission.value);
  if (!outcome.ok) {
    return formReply(
      { ok: false, result: submission.reply({ formErrors: [outcome.message] }) },
      outcome.status,
    );
  }
  return formReply({ ok: true });
}
