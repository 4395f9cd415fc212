import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FlashToast } from "./flash-toast";

/**
 * Parses a form with its shared schema the way both sides do it (Conform's `parseWithZod`): the browser before it
 * sends, the server when it receives. The schemas are written for the strings a form sends (blank means "not
 * given", numbers arrive as text), so Conform's own coercion is off.
 */
export function parseFormData<S extends z.ZodType>(payload: FormData | URLSearchParams, schema: S) {
  return parseWithZod(payload, { schema, disableAutoCoercion: true });
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
