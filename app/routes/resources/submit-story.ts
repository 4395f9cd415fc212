import type { Route } from "./+types/submit-story";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { submitStory } from "~/.server/submissions/story-submissions";
import { ShareStorySchema, STORY_SUBMISSION_FAILED_TOAST, STORY_SUBMITTED_TOAST } from "~/lib/story-schemas";

/** POST only: the share dialog posts here through a fetcher, from whichever page it was opened on. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { log, clientIp } = getRequestInfo(context);
  const submission = await parseSubmission(request, ShareStorySchema);
  if (submission.status !== "success") return formReply({ ok: false, result: submission.reply() }, 400);
  try {
    const outcome = await submitStory(getServicesFrom(context), { clientIp, log }, submission.value);
    if (outcome.ok) return formReply({ ok: true, toast: STORY_SUBMITTED_TOAST });
    const toast = { ...STORY_SUBMISSION_FAILED_TOAST, description: outcome.message };
    return formReply({ ok: false, result: submission.reply(), toast }, outcome.status);
  } catch (error) {
    log.error({ err: error }, "story submission failed");
    return formReply({ ok: false, result: submission.reply(), toast: STORY_SUBMISSION_FAILED_TOAST }, 500);
  }
}
