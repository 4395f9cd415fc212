import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import {
  HONEYPOT_FIELD,
  ShareStorySchema,
  STORY_MAX_LENGTH,
  STORY_SUBMITTED_TOAST,
  type SubmitStoryReply,
} from "~/lib/story-schemas";
import { useFormValidation } from "~/lib/use-form-validation";

interface ShareStoryFormProps {
  onBusyChange(busy: boolean): void;
  onSubmitted(): void;
  onCancel(): void;
}

/** The share dialog's form: posts to /stories/submit through a fetcher, so it works on any page. */
export function ShareStoryForm({ onBusyChange, onSubmitted, onCancel }: ShareStoryFormProps) {
  const fetcher = useFetcher<SubmitStoryReply>();
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<SubmitStoryReply | undefined>(undefined);
  const [storyLength, setStoryLength] = useState(0);
  const reply = fetcher.data;
  const { errors, onSubmit, fieldProps, reset } = useFormValidation(
    ShareStorySchema,
    reply && "fieldErrors" in reply ? reply.fieldErrors : undefined,
  );

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    if ("ok" in reply && reply.ok) {
      notify(STORY_SUBMITTED_TOAST);
      formRef.current?.reset();
      setStoryLength(0);
      reset();
      onSubmitted();
    } else if ("toast" in reply) {
      notify(reply.toast);
    }
  }, [fetcher.state, reply, reset, onSubmitted]);

  const storyField = fieldProps("story");
  const overLimit = storyLength > STORY_MAX_LENGTH;

  return (
    <fetcher.Form ref={formRef} method="post" action="/stories/submit" noValidate onSubmit={onSubmit}>
      <fieldset disabled={busy} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            errors={errors.firstName}
            props={fieldProps("firstName")}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            errors={errors.lastName}
            props={fieldProps("lastName")}
          />
        </div>
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          errors={errors.email}
          props={fieldProps("email")}
        />
        <div className="space-y-2">
          <Label htmlFor="share-story-story">Your Story</Label>
          <Textarea
            id="share-story-story"
            rows={6}
            className="max-h-72 min-h-36"
            placeholder="How has Local Shine helped your business or your neighborhood?"
            {...storyField}
            aria-describedby={cn("share-story-counter", storyField["aria-describedby"])}
            onChange={(event) => {
              storyField.onChange();
              setStoryLength(event.currentTarget.value.length);
            }}
          />
          <div className="flex items-start justify-between gap-4">
            <FieldError id="story-error" errors={errors.story} />
            <p
              id="share-story-counter"
              className={cn(
                "ml-auto shrink-0 text-xs tabular-nums text-muted-foreground",
                overLimit && "text-destructive",
              )}
            >
              {storyLength}/{STORY_MAX_LENGTH} characters
            </p>
          </div>
        </div>
        {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped on the server. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="share-story-website">Website</label>
          <input
            id="share-story-website"
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <FieldError id="form-error" errors={errors.form} />
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

interface TextFieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  errors?: string[];
  props: ReturnType<ReturnType<typeof useFormValidation>["fieldProps"]>;
}

function TextField({ label, name, type = "text", autoComplete, errors, props }: TextFieldProps) {
  const id = `share-story-${name}`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} autoComplete={autoComplete} {...props} />
      <FieldError id={`${name}-error`} errors={errors} />
    </div>
  );
}
