import type * as React from "react";
import { FieldError, type ReplyForm } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { BusyForm, BusySubmit } from "~/components/ui/busy-form";

interface PublicFormCardProps {
  /** The form from replyFields: its id and its message for the whole form. */
  form: ReplyForm;
  title: string;
  intro: React.ReactNode;
  /** Shown instead of the form once it went through. */
  confirmation: React.ReactNode | null;
  submit: { label: string; busyLabel: string; variant?: "default" | "warm" };
  /** The form's fields. */
  children: React.ReactNode;
}

/**
 * The card of a public page form (Contact, Join Our Network): a title, the fields, the bot trap, a message for the
 * whole form (such as too many submissions) and the button; or, once sent, the confirmation. The form posts to the
 * page's own action like any form and the answer is the page again (docs/decisions/071-form-pages-answer-with-a-page.md);
 * the busy-form island shows the busy label and clears a field's message when it is edited.
 */
export function PublicFormCard({ form, title, intro, confirmation, submit, children }: PublicFormCardProps) {
  const titleId = `${form.id}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      {confirmation ?? (
        <>
          <h2 id={titleId} className="text-2xl font-extrabold text-ink">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
          <BusyForm
            id={form.id}
            noValidate
            aria-describedby={form.errors?.length ? form.errorId : undefined}
            className="relative mt-6"
          >
            <fieldset className="space-y-5">
              {children}
              <HoneypotField formId={form.id} />
              <FieldError
                id={form.errorId}
                errors={form.errors}
                className="rounded-md bg-destructive/10 p-3"
              />
              <BusySubmit
                label={submit.label}
                busyLabel={submit.busyLabel}
                size="lg"
                variant={submit.variant}
                className="w-full sm:w-auto"
              />
            </fieldset>
          </BusyForm>
        </>
      )}
    </section>
  );
}
