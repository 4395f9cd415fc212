import type * as React from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

/** What useFormValidation's `fieldProps(name)` gives an input. */
export type FieldProps = {
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onChange: () => void;
};

type FormFieldProps = {
  label: string;
  field: FieldProps;
  errors?: string[];
  required?: boolean;
  hint?: string;
  className?: string;
} & (
  | ({ multiline?: false } & Omit<React.ComponentProps<"input">, "name" | "onChange" | "className">)
  | ({ multiline: true } & Omit<React.ComponentProps<"textarea">, "name" | "onChange" | "className">)
);

/** A labelled input or textarea with its validation message underneath (the business form's one field shape). */
export function FormField({ label, field, errors, required, hint, className, ...control }: FormFieldProps) {
  const id = `business-${field.name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [field["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {control.multiline ? (
        <Textarea
          id={id}
          rows={3}
          {...withoutMultiline(control)}
          {...field}
          aria-describedby={describedBy}
          aria-required={required || undefined}
        />
      ) : (
        <Input
          id={id}
          {...withoutMultiline(control)}
          {...field}
          aria-describedby={describedBy}
          aria-required={required || undefined}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${field.name}-error`} errors={errors} />
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, "multiline"> {
  const { multiline: _multiline, ...rest } = props;
  return rest;
}

/** One titled group of the dialog (spec §2: Basic Information, Location, …), two columns from small screens up. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 border-t pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-4 w-full text-base font-semibold text-ink">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
