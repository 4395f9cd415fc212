import { Field, replyFields } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { Input } from "~/components/ui/input";
import type { FlashToast } from "~/lib/flash-toast";
import type { FormResult } from "~/lib/form-submission";
import { RETURN_TO_FIELD, STORY_MAX_LENGTH } from "~/lib/story-schemas";
import { BusyForm, BusySubmit, CharacterCount, CountedTextarea } from "~/components/ui/busy-form";

export const SHARE_STORY_FORM_ID = "share-story";

/**
 * The Share Your Local Shine Story form (docs/product.md#share-your-story-dialog). A plain POST to /stories/submit,
 * so it works without script: success goes back to `returnTo` with a toast; a refusal answers with the form again,
 * messages under the fields and the values kept (app/routes/stories/submit.tsx). The busy-form island
 * (app/islands/busy-form.island.ts) adds the live counter, 'Submitting...' and clearing a message on edit.
 * It renders no state of its own, so a page that does hydrate takes it as it is.
 */
export function ShareStoryForm({
  returnTo,
  result,
  failure,
  cancel,
}: {
  returnTo: string;
  /** A refused submission: the messages and the values sent. */
  result?: FormResult;
  /** Why the server could not take a valid submission (too many, or a fault). */
  failure?: FlashToast;
  /** The Cancel button: closes the dialog it sits in, or (on its own page) goes back. */
  cancel: React.ReactElement;
}) {
  const [, fields] = replyFields(SHARE_STORY_FORM_ID, ["firstName", "lastName", "email", "story"], result);
  const story = fields.story;
  const storyLength = story.defaultValue?.length ?? 0;
  return (
    <BusyForm
      id={SHARE_STORY_FORM_ID}
      action="/stories/submit"
      noValidate
      aria-labelledby={`${SHARE_STORY_FORM_ID}-title`}
      className="relative"
    >
      <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
      <fieldset className="space-y-4">
        {failure ? (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <p className="font-semibold text-destructive">{failure.title}</p>
            {failure.description ? <p className="mt-1">{failure.description}</p> : null}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.firstName} label="First Name">
            <Input autoComplete="given-name" />
          </Field>
          <Field field={fields.lastName} label="Last Name">
            <Input autoComplete="family-name" />
          </Field>
        </div>
        <Field field={fields.email} label="Email Address">
          <Input type="email" autoComplete="email" />
        </Field>
        <Field
          field={story}
          label="Your Story"
          hint={<CharacterCount length={storyLength} max={STORY_MAX_LENGTH} />}
        >
          <CountedTextarea
            rows={6}
            className="max-h-72 min-h-36"
            placeholder="How has Local Shine helped your business or your neighborhood?"
          />
        </Field>
        <HoneypotField formId={SHARE_STORY_FORM_ID} />
        {/* Stays in view at the bottom edge, so Submit is reachable on a phone. */}
        <div className="sticky bottom-0 z-10 flex flex-col-reverse gap-2 bg-background/95 pt-2 pb-1 backdrop-blur sm:flex-row sm:justify-end">
          {cancel}
          <BusySubmit label="Submit Story" busyLabel="Submitting..." />
        </div>
      </fieldset>
    </BusyForm>
  );
}
