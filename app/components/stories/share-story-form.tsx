import { Field, replyFields } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { Input } from "~/components/ui/input";
import type { FlashToast } from "~/lib/flash-toast";
import type { FormResult } from "~/lib/form-submission";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  RETURN_TO_FIELD,
  SHARE_STORY_MESSAGES as messages,
  STORY_MAX_LENGTH,
  STORY_MIN_LENGTH,
} from "~/lib/story-schemas";
import type { IslandAttrs } from "~/islands/contract";
import { checkedField, EMAIL_PATTERN } from "~/components/ui/checked-field";
import { BusyForm, BusySubmit, CharacterCount, CountedTextarea } from "~/components/ui/busy-form";

export const SHARE_STORY_FORM_ID = "share-story";

/**
 * The Share Your Local Shine Story form (docs/product.md#share-your-story-dialog). A plain POST to /stories/submit,
 * so it works without script: success goes back to `returnTo` with a toast; a refusal answers with the form again,
 * messages under the fields and the values kept (app/routes/stories/submit.tsx). The busy-form island
 * (app/islands/busy-form.island.ts) adds the live counter, 'Submitting...' and clearing a message on edit; the
 * field-checks island (app/islands/field-checks.island.ts) shows the messages before anything is sent, so with
 * script a refusal stays in the dialog.
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
      {...({ "data-check-fields": "" } satisfies IslandAttrs)}
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
            <Input
              autoComplete="given-name"
              {...checkedField(messages.firstName, { required: true, maxLength: NAME_MAX_LENGTH })}
            />
          </Field>
          <Field field={fields.lastName} label="Last Name">
            <Input
              autoComplete="family-name"
              {...checkedField(messages.lastName, { required: true, maxLength: NAME_MAX_LENGTH })}
            />
          </Field>
        </div>
        <Field field={fields.email} label="Email Address">
          <Input
            type="email"
            autoComplete="email"
            {...checkedField(messages.email, {
              required: true,
              maxLength: EMAIL_MAX_LENGTH,
              pattern: EMAIL_PATTERN,
            })}
          />
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
            {...checkedField(messages.story, {
              required: true,
              minLength: STORY_MIN_LENGTH,
              maxLength: STORY_MAX_LENGTH,
            })}
          />
        </Field>
        <HoneypotField formId={SHARE_STORY_FORM_ID} />
        {/* Stays in view at the bottom edge, so Submit is reachable on a phone: one row, opaque, with a rule above
            it, so what scrolls beneath (the counter) reads as scrolled, not cut (the dialog's scroll-padding keeps a
            focused field clear of it). In the dialog it also covers the dialog's bottom padding, where text scrolling
            under it would otherwise show below the buttons. */}
        <div className="sticky bottom-0 z-10 grid grid-cols-2 gap-2 border-t bg-background pt-3 pb-1 sm:flex sm:justify-end [dialog_&]:-bottom-6 [dialog_&]:pb-6">
          {cancel}
          <BusySubmit label="Submit Story" busyLabel="Submitting..." />
        </div>
      </fieldset>
    </BusyForm>
  );
}
