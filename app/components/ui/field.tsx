import { Slot } from "radix-ui";
import type * as React from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import type { FormResult } from "~/lib/form-submission";

/** What a Field needs to know about its input: Conform's field metadata (`fields.x`) has it all. */
export interface FieldState {
  id: string;
  name: string;
  errors?: string[];
  /** The value the input starts with (an edited row's value, or what a form without JavaScript sent). */
  defaultValue?: string;
  /** The first field with a message in a form's answer: the page opens with the focus on it. */
  autoFocus?: boolean;
}

/** A form answered with a page: its id and the message for the whole form (such as too many submissions). */
export interface ReplyForm {
  id: string;
  errorId: string;
  errors?: string[];
}

/**
 * The fields of a form that posts like any form and is answered with a page (no React state): each one's id
 * (`${formId}-${name}`), its message and the value sent back from a refused submission (`result`, Conform's
 * reply). The first of `names` with a message gets the focus when the answer loads.
 */
export function replyFields<Name extends string>(
  formId: string,
  names: readonly Name[],
  result: FormResult | undefined,
): [form: ReplyForm, fields: Record<Name, FieldState>] {
  const firstInvalid = names.find((name) => result?.error?.[name]?.length);
  const fields = Object.fromEntries(
    names.map((name) => {
      const value = result?.initialValue?.[name];
      return [
        name,
        {
          id: `${formId}-${name}`,
          name,
          errors: result?.error?.[name] ?? undefined,
          defaultValue: typeof value === "string" ? value : undefined,
          autoFocus: name === firstInvalid || undefined,
        } satisfies FieldState,
      ];
    }),
  ) as unknown as Record<Name, FieldState>;
  return [{ id: formId, errorId: `${formId}-error`, errors: result?.error?.[""] ?? undefined }, fields];
}

interface FieldProps {
  field: FieldState;
  label: React.ReactNode;
  /** Marks the label with * and the input with aria-required. */
  required?: boolean;
  /** Says "(optional)" after the label of a field that is not required. */
  markOptional?: boolean;
  /** Shown under the input and read with it (aria-describedby), before any error. */
  hint?: React.ReactNode;
  className?: string;
  /** The one control: Input, Textarea or NativeSelect. It is given id, name, defaultValue and the aria-* props. */
  children: React.ReactElement;
}

/**
 * The one labelled form field: label, control, hint and the first error, with ids wired so that the control's
 * accessible description is its hint and then its error.
 */
export function Field({ field, label, required, markOptional, hint, className, children }: FieldProps) {
  const errorId = `${field.id}-error`;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  const control = {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required || undefined,
    autoFocus: field.autoFocus,
  };
  return (
    <div data-slot="field" className={cn("space-y-2", className)}>
      <Label htmlFor={field.id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : markOptional ? (
          <span className="font-normal text-muted-foreground">(optional)</span>
        ) : null}
      </Label>
      <Slot.Root {...control}>{children}</Slot.Root>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={field.errors} />
    </div>
  );
}

/** The first message of a field (or of the whole form); renders nothing without one. */
export function FieldError({
  id,
  errors,
  className,
  ...props
}: Omit<React.ComponentProps<"p">, "id" | "children"> & { id: string; errors?: string[] | null }) {
  const message = errors?.find(Boolean);
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      data-slot="field-error"
      className={cn("text-sm font-medium text-destructive", className)}
      {...props}
    >
      {message}
    </p>
  );
}
