import { z } from "./zod";
import { IMAGE_TYPES, looksAllowed } from "./upload-types";

/**
 * docs/product.md#uploads: what image fields say about anything that is not an image (client pick, client submit,
 * server sniff).
 */
export const IMAGE_FILE_MESSAGE = "Please select an image file.";
/** Form images (business, owner, story background) are photos, not video: 20 MB is plenty and bounds a save. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = "Please choose an image of 20MB or less.";

/**
 * Refused in one-line values: every control character (C0 including tab and line breaks, DEL, C1) and UTF-16
 * halves without their partner (JSON can carry "\ud800"). PostgreSQL cannot store NUL at all, and none of these
 * belongs in a name, an address, an email, a token or a password.
 */
const NOT_IN_ONE_LINE = /[\p{Cc}\p{Cs}]/u;
/** Removed from multi-line values: the same, except tab, line feed and carriage return. */
const NOT_IN_MULTILINE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/gu;
const NOT_STORABLE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
/** Word processors' manual line and page breaks (vertical tab, form feed, next line): kept as line breaks. */
const OTHER_LINE_BREAKS = /[\v\f\u0085]/g;

export const controlCharacterMessage = (label: string) =>
  `${label} can't contain tabs, line breaks or other control characters`;

/** Whether a value may be stored as one line: no control character, no lone surrogate. */
export const isOneLine = (value: string) => !NOT_IN_ONE_LINE.test(value);

/**
 * Whether a value may be kept as text at all, in either kind of field: no control character other than tab and line
 * breaks, no lone surrogate (what multi-line fields remove; PostgreSQL refuses NUL and JSON's "\ud800").
 */
export const isStorableText = (value: string) => !NOT_STORABLE.test(value);

/**
 * Whether every string in a parsed JSON value, object keys included, passes `test`. A loop rather than recursion,
 * as the nesting depth is the sender's.
 */
export function everyString(root: unknown, test: (value: string) => boolean): boolean {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!test(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return true;
}

/** Multi-line text as stored: other line breaks become "\n"; any other control character or lone surrogate goes. */
export const cleanMultiline = (value: string) =>
  value.replace(OTHER_LINE_BREAKS, "\n").replace(NOT_IN_MULTILINE, "");

/**
 * One line of text (a name, an email, a title, an id): trimmed, then refused with `controlMessage` if it holds a
 * control character (docs/security.md "Control characters"). A missing or non-string value gets `error`.
 */
export const oneLine = (label: string, error?: string, controlMessage = controlCharacterMessage(label)) =>
  z.string(error).trim().refine(isOneLine, controlMessage);

/** Several lines (a message, a story, a description): cleaned with `cleanMultiline`, then trimmed. */
export const multiline = (error?: string) => z.string(error).overwrite(cleanMultiline).trim();

export type TextLines = "one" | "many";
const textOf = (lines: TextLines, label: string, error?: string) =>
  lines === "one" ? oneLine(label, error) : multiline(error);

/** A required text input: blank gets `message`, longer than `max` gets "{label} must be {max} characters or less". */
export const requiredText = (message: string, max: number, label: string, lines: TextLines = "one") =>
  textOf(lines, label, message).min(1, message).max(max, `${label} must be ${max} characters or less`);

/** An optional text input: blank becomes null. */
export const optionalText = (max: number, label: string, lines: TextLines = "one") =>
  textOf(lines, label)
    .max(max, `${label} must be ${max} characters or less`)
    .optional()
    .transform((value) => value || null);

/**
 * A file input's value in the browser: absent, an empty input (a nameless, empty File), or a file the browser calls
 * an image of at most MAX_IMAGE_BYTES. The server never sees files here (they stream past the schema) and checks
 * their bytes instead.
 */
export const imageFile = z
  .unknown()
  .refine(
    (value) =>
      value === undefined ||
      (typeof File !== "undefined" &&
        value instanceof File &&
        ((value.size === 0 && !value.name) || looksAllowed(IMAGE_TYPES, value))),
    IMAGE_FILE_MESSAGE,
  )
  .refine((value) => !(value instanceof Blob) || value.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE_MESSAGE)
  .optional();
