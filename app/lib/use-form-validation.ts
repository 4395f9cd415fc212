import { useCallback, useState } from "react";
import type { z } from "zod";

export type FieldErrors = Record<string, string[] | undefined>;

/** Field errors from a failed zod parse, keyed by top-level field name (the server's reply has the same shape). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Client half of "one schema per form": validates the form with the same zod schema the server uses before it
 * is sent, shows errors under each field, and clears a field's error as soon as that field is edited.
 * Server errors (`serverErrors`) are shown until the field is edited too.
 */
export function useFormValidation(schema: z.ZodType, serverErrors?: FieldErrors) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [editedSinceServer, setEdited] = useState<Set<string>>(new Set());
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setEdited(new Set());
  }

  const errors: FieldErrors = { ...clientErrors };
  for (const [key, messages] of Object.entries(serverErrors ?? {})) {
    if (!editedSinceServer.has(key) && !errors[key]) errors[key] = messages;
  }

  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      const formData = new FormData(event.currentTarget, submitter);
      const result = schema.safeParse(Object.fromEntries(formData));
      if (result.success) {
        setClientErrors({});
        return true;
      }
      event.preventDefault();
      const next = fieldErrorsOf(result.error);
      setClientErrors(next);
      const first = Object.keys(next)[0];
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    },
    [schema],
  );

  /** Call from a field's onChange: its error disappears (spec §5 share form). */
  const clearError = useCallback((name: string) => {
    setClientErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    setEdited((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  const reset = useCallback(() => {
    setClientErrors({});
    setEdited(new Set());
  }, []);

  /** Props for an input: aria-invalid and aria-describedby pointing at its FieldError. */
  const fieldProps = (name: string) => ({
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    onChange: () => clearError(name),
  });

  return { errors, onSubmit, clearError, reset, fieldProps };
}
