import { data } from "react-router";
import { z } from "zod";
import { parseFormData, type FormReply } from "~/lib/form-submission";

/** What a form action says to a body it cannot read as a form (not form-encoded, or cut off). */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";

/**
 * Reads a small form (url-encoded, no files) and checks it with its shared schema: Conform's submission, whose
 * `reply()` goes back in the FormReply. An unreadable body is a submission that failed as a whole form.
 */
export async function parseSubmission<S extends z.ZodType>(request: Request, schema: S) {
  const formData = await request.formData().catch(() => null);
  if (formData) return parseFormData(formData, schema);
  return parseFormData(
    new URLSearchParams(),
    z.custom<z.output<S>>(() => false, UNREADABLE_FORM_MESSAGE),
  );
}

/**
 * The one way a form action answers (FormReply, with its HTTP status). Errors are returned, never thrown: a thrown
 * reply would reach the error boundary instead of the form.
 */
export function formReply(reply: FormReply, status = 200) {
  return data(reply, { status });
}
