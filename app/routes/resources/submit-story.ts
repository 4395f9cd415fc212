import { data } from "react-router";
import type { Route } from "./+types/submit-story";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { submitStory } from "~/.server/submissions/story-submissions";
import { STORY_SUBMISSION_FAILED_TOAST, type SubmitStoryReply } from "~/lib/story-schemas";

/** POST only: the share dialog posts here through a fetcher, from whichever page it was opened on. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { log, clientIp } = getRequestInfo(context);
  let values: Record<string, string>;
  try {
    const form = await request.formData();
    values = Object.fromEntries(
      [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return reply({ fieldErrors: { form: ["The form could not be read. Please try again."] } }, 400);
  }

  try {
    const result = await submitStory(getServicesFrom(context), { clientIp, log }, values);
    if (result.ok) return reply({ ok: true }, 200);
    if ("fieldErrors" in result) return reply({ fieldErrors: result.fieldErrors }, 400);
    return reply({ toast: { ...STORY_SUBMISSION_FAILED_TOAST, description: result.message } }, result.status);
  } catch (error) {
    log.error({ err: error }, "story submission failed");
    return reply({ toast: STORY_SUBMISSION_FAILED_TOAST }, 500);
  }
}

/** Errors are returned, not thrown: a thrown reply would reach an error boundary instead of the dialog's fetcher. */
function reply(body: SubmitStoryReply, status: number) {
  return data(body, { status });
}
