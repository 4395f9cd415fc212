import type * as React from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

type FieldProps = {
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onChange(): void;
};

/**
 * A labelled input (or textarea) wired to `useFormValidation`: pass its `fieldProps(name)` and `errors[name]`.
 * An optional hint is announced with the field; the error replaces nothing and sits right under it.
 */
export function TextField({
  label,
  field,
  errors,
  hint,
  required,
  multiline,
  ...inputProps
}: {
  label: string;
  field: FieldProps;
  errors?: string[];
  hint?: string;
  required?: boolean;
  multiline?: boolean;
} & Omit<
  React.ComponentProps<"input"> & React.ComponentProps<"textarea">,
  "name" | "onChange" | "required"
>) {
  const id = `field-${field.name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [field["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  const common = { id, ...field, "aria-describedby": describedBy, "aria-required": required || undefined };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground">(optional)</span>
        )}
      </Label>
      {multiline ? (
        <Textarea
          rows={6}
          className="min-h-36"
          {...(inputProps as React.ComponentProps<"textarea">)}
          {...common}
        />
      ) : (
        <Input {...(inputProps as React.ComponentProps<"input">)} {...common} />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${field.name}-error`} errors={errors} />
    </div>
  );
}
