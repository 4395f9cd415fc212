import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/submit";
import { ShareStoryForm } from "~/components/stories/share-story-form";
import { Button } from "~/components/ui/button";
import type { FormReply } from "~/lib/form-submission";
import type { PageHandle } from "~/lib/page-handle";
import {
  RETURN_TO_FIELD,
  ShareStorySchema,
  STORY_SUBMISSION_FAILED_TOAST,
  STORY_SUBMITTED_TOAST,
} from "~/lib/story-schemas";
import { parseSubmission } from "~/.server/actions/form-actions";
import { safeRedirectPath } from "~/.server/auth/return-path";
import { setFlashToast } from "~/.server/infra/http/flash-toast";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { submitStory } from "~/.server/submissions/story-submissions";

const STORIES_HOME = "/shine-stories";

export const handle: PageHandle = { hydrate: false, islands: ["busy-form", "field-checks"], formPage: true };

export const meta: Route.MetaFunction = () => [
  { title: "Share Your Local Shine Story | Local Shine" },
  { name: "robots", content: "noindex" },
];

/**
 * The share dialog's form posts here like any form (docs/product.md#share-your-story-dialog). A form that says
 * where it was sent from (`returnTo`, a path on this site) goes back there after a successful submission, with the
 * success toast; a refusal is answered with this page: the form again, each message under its field, the values
 * kept. Without `returnTo` (a script posting) the answer is the reply itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { log, clientIp } = getRequestInfo(context);
  const submission = await parseSubmission(request, ShareStorySchema);
  const sentFrom = submission.payload[RETURN_TO_FIELD];
  const returnTo = typeof sentFrom === "string" && sentFrom ? safeRedirectPath(sentFrom, STORIES_HOME) : null;
  const answer = (reply: FormReply, status: number) =>
    data({ ...reply, returnTo: returnTo ?? STORIES_HOME }, { status });

  if (submission.status !== "success") return answer({ ok: false, result: submission.reply() }, 400);
  try {
    const outcome = await submitStory(getServicesFrom(context), { clientIp, log }, submission.value);
    if (outcome.ok) {
      if (!returnTo) return answer({ ok: true, toast: STORY_SUBMITTED_TOAST }, 200);
      throw redirect(returnTo, {
        status: 303,
        headers: { "Set-Cookie": await setFlashToast(STORY_SUBMITTED_TOAST) },
      });
    }
    const toast = { ...STORY_SUBMISSION_FAILED_TOAST, description: outcome.message };
    return answer({ ok: false, result: submission.reply(), toast }, outcome.status);
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error({ err: error }, "story submission failed");
    return answer({ ok: false, result: submission.reply(), toast: STORY_SUBMISSION_FAILED_TOAST }, 500);
  }
}

/** The form on a page of its own: where a refused submission is answered, and what GET shows. */
export default function ShareStoryPage({ actionData }: Route.ComponentProps) {
  const returnTo = actionData?.returnTo ?? STORIES_HOME;
  const back = (
    <Button asChild variant="outline">
      <Link to={returnTo}>Cancel</Link>
    </Button>
  );
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      {actionData?.ok ? (
        <div role="status" className="rounded-xl border bg-card p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-ink">{STORY_SUBMITTED_TOAST.title}</h1>
          <p className="mt-2 text-muted-foreground">{STORY_SUBMITTED_TOAST.description}</p>
          <Button asChild className="mt-6">
            <Link to={returnTo}>Back to Shine Stories</Link>
          </Button>
        </div>
      ) : (
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <h1 id="share-story-title" className="text-2xl font-bold text-ink">
            Share Your Local Shine Story
          </h1>
          <p className="mt-2 mb-6 text-sm text-muted-foreground">
            Tell us how Local Shine has made a difference for your business or your neighborhood. Your story
            is emailed straight to the Local Shine team, and we'll reach out before anything is published.
          </p>
          <ShareStoryForm
            returnTo={returnTo}
            result={actionData?.result}
            failure={actionData?.ok === false ? actionData.toast : undefined}
            cancel={back}
          />
        </div>
      )}
    </section>
  );
}
