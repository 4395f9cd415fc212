import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FlashToast } from "./flash-toast";
import { boundedEntries } from "./form-names";
import { z } from "./zod";

/** What a form says to a body it cannot read as a form (not form-encoded, cut off, or names no form here has). */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";

/**
 * Parses a form with its shared schema the way both sides do it (Conform's `parseWithZod`): the browser before it
 * sends, the server when it receives. Every server door (form actions, dialog actions, streamed uploads) comes
 * through here. The field names are checked against the schema first (form-names.ts): unknown ones are left out,
 * and a form whose names the schema cannot hold (an index past a list's maximum, a key under a plain value) fails
 * as a whole form with UNREADABLE_FORM_MESSAGE, without any of what was sent. The schemas are written for the
 * strings a form sends (blank means "not given", numbers arrive as text), so Conform's own coercion is off.
 */
export function parseFormData<S extends z.ZodType>(payload: FormData | URLSearchParams, schema: S) {
  const entries = boundedEntries(payload.entries(), schema);
  if (!entries) return unreadableForm<S>();
  return parseWithZod(rebuilt(payload, entries), { schema, disableAutoCoercion: true });
}

/** A submission that failed as a whole form, with nothing of what was sent: typed like the submissions of `S`. */
export function unreadableForm<S extends z.ZodType>() {
  // The transform never runs (the check before it always fails); it only gives the submission `schema`'s types.
  const refused = z
    .custom<z.input<S>>(() => false, UNREADABLE_FORM_MESSAGE)
    .transform((value) => value as z.output<S>);
  return parseWithZod(new URLSearchParams(), { schema: refused, disableAutoCoercion: true });
}

function rebuilt(payload: FormData | URLSearchParams, entries: [string, FormDataEntryValue][]) {
  if (payload instanceof URLSearchParams) return new URLSearchParams(entries as [string, string][]);
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** Conform's answer for a form's fields: the errors under each field and the values sent back. */
export type FormResult = SubmissionResult<string[]>;

/**
 * What every form action answers, page forms and dialog actions alike. The page shows `toast` once and hands
 * `result` to its form, which puts each message under its field.
 */
export interface FormReply {
  /** Whether the action did what was asked. */
  ok: boolean;
  /** Present when the form has fields a person fills in. */
  result?: FormResult;
  toast?: FlashToast;
  /** Dialog actions: what was done ("create", "update", "delete") and to which row. */
  intent?: string;
  id?: string;
  /** Sign-in page: the reply to "send the confirmation link again" (true when it was accepted). */
  resent?: boolean;
}

/** Whether a reply carries messages for the person to fix (under fields or for the whole form). */
export function hasFieldErrors(result: FormResult | undefined): boolean {
  return Object.values(result?.error ?? {}).some((messages) => Boolean(messages?.length));
}

/** A reply's result with one message under each of `fields` (such as the file fields of a refused upload). */
export function errorsUnder(fields: readonly string[], message: string): FormResult {
  return { status: "error", error: Object.fromEntries(fields.map((field) => [field, [message]])) };
}
