import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";

interface PublicFormCardProps<Schema extends Record<string, unknown>> {
  /** The form from useValidatedForm; it posts to the page's own action and works before JavaScript loads. */
  form: FormMetadata<Schema>;
  title: string;
  intro: React.ReactNode;
  /** Shown instead of the form once it went through. */
  confirmation: React.ReactNode | null;
  busy: boolean;
  submit: { label: string; busyLabel: string; variant?: "default" | "warm" };
  /** The form's fields. */
  children: React.ReactNode;
}

/**
 * The card of a public page form (Contact, Join Our Network): a title, the fields, the bot trap, a message for the
 * whole form (such as too many submissions) and the button; or, once sent, the confirmation.
 */
export function PublicFormCard<Schema extends Record<string, unknown>>({
  form,
  title,
  intro,
  confirmation,
  busy,
  submit,
  children,
}: PublicFormCardProps<Schema>) {
  const titleId = `${form.id}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      {confirmation ?? (
        <>
          <h2 id={titleId} className="text-2xl font-extrabold text-ink">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
          <Form method="post" {...getFormProps(form)} className="relative mt-6">
            <fieldset disabled={busy} className="space-y-5">
              {children}
              <HoneypotField formId={form.id} />
              <FieldError
                id={form.errorId}
                errors={form.errors}
                className="rounded-md bg-destructive/10 p-3"
              />
              <Button type="submit" size="lg" variant={submit.variant} className="w-full sm:w-auto">
                {busy ? <Icon name="loader-circle" className="animate-spin" aria-hidden="true" /> : null}
                {busy ? submit.busyLabel : submit.label}
              </Button>
            </fieldset>
          </Form>
        </>
      )}
    </section>
  );
}
