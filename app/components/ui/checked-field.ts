import type { IslandAttrs } from "~/islands/contract";

/** A field's messages by the rule it breaks (the spec's words, from the form's schema file). */
export interface FieldMessages {
  missing: string;
  tooShort?: string;
  tooLong?: string;
  /** Not an email address (`type="email"` and `pattern`). Defaults to `missing`. */
  format?: string;
}

/**
 * The props that let the field-checks island (app/islands/field-checks.island.ts) check a control before its form
 * (a `BusyForm` with `checksFields`) is sent: its rules as constraint attributes, and the message for each. The
 * form stays `noValidate`, so without script it posts and the server answers with the same messages.
 */
export function checkedField(
  messages: FieldMessages,
  rules: { required?: boolean; minLength?: number; maxLength?: number; pattern?: string },
) {
  return {
    required: rules.required,
    minLength: rules.minLength,
    pattern: rules.pattern,
    ...({
      "data-max-length": rules.maxLength === undefined ? undefined : String(rules.maxLength),
      "data-msg-missing": messages.missing,
      "data-msg-too-short": messages.tooShort,
      "data-msg-too-long": messages.tooLong,
      "data-msg-format": messages.format,
    } satisfies IslandAttrs),
  };
}

/** An email with a dot in its domain: what the browser's `type="email"` lets by (`a@b`) and the server would not. */
export const EMAIL_PATTERN = "[^@\\s]+@[^@\\s]+\\.[^@\\s]+";
