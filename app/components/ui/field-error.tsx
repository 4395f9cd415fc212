import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * Shows the first validation message for a field. Point the field's `aria-describedby` at `id`.
 * Renders nothing when there are no errors.
 */
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
