import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import type { FormReply } from "~/lib/form-submission";
import { ShareStorySchema, STORY_MAX_LENGTH } from "~/lib/story-schemas";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";

interface ShareStoryFormProps {
  onBusyChange(busy: boolean): void;
  onSubmitted(): void;
  onCancel(): void;
}

/** The share dialog's form: posts to /stories/submit through a fetcher, so it works on any page. */
export function ShareStoryForm({ onBusyChange, onSubmitted, onCancel }: ShareStoryFormProps) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<FormReply | undefined>(undefined);
  const [storyLength, setStoryLength] = useState(0);
  const [form, fields] = useValidatedForm(ShareStorySchema, { id: "share-story", lastResult: reply?.result });
  useReplyToast(reply, !busy);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  useEffect(() => {
    if (busy || !reply?.ok || handled.current === reply) return;
    handled.current = reply;
    formRef.current?.reset();
    setStoryLength(0);
    onSubmitted();
  }, [busy, reply, onSubmitted]);

  return (
    <fetcher.Form ref={formRef} method="post" action="/stories/submit" {...getFormProps(form)}>
      <fieldset disabled={busy} className="space-y-4">
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
          field={fields.story}
          label="Your Story"
          hint={
            <span
              className={cn(
                "block text-right tabular-nums",
                storyLength > STORY_MAX_LENGTH && "text-destructive",
              )}
            >
              {storyLength}/{STORY_MAX_LENGTH} characters
            </span>
          }
        >
          <Textarea
            rows={6}
            className="max-h-72 min-h-36"
            placeholder="How has Local Shine helped your business or your neighborhood?"
            onChange={(event) => setStoryLength(event.currentTarget.value.length)}
          />
        </Field>
        <HoneypotField formId={form.id} />
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">
            {busy ? <Icon name="loader-circle" className="animate-spin" aria-hidden="true" /> : null}
            {busy ? "Submitting..." : "Submit Story"}
          </Button>
        </div>
      </fieldset>
    </fetcher.Form>
  );
}
