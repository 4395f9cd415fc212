import { cleanSearchText } from "./search-text";
import { multiline, oneLine } from "./form-fields";
import { HONEYPOT_FIELD, honeypotField } from "./honeypot";
import { z } from "./zod";

/** docs/product.md#limits: the story is 10 to 2000 characters; the dialog's counter shows this limit. */
export const STORY_MIN_LENGTH = 10;
export const STORY_MAX_LENGTH = 2000;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 255;

/** The share form's hidden field that says where to go back to after a successful submission. */
export const RETURN_TO_FIELD = "returnTo";

/**
 * docs/product.md#share-story-form: each field's messages, by the rule it breaks. The schema below says them on the
 * server; the share form writes them on its fields for the browser's checks (app/islands/field-checks.island.ts).
 */
export const SHARE_STORY_MESSAGES = {
  firstName: { missing: "First name is required", tooLong: "First name must be less than 50 characters" },
  lastName: { missing: "Last name is required", tooLong: "Last name must be less than 50 characters" },
  email: { missing: "Please enter a valid email address", tooLong: "Email must be less than 255 characters" },
  story: {
    missing: "Story must be at least 10 characters",
    tooShort: "Story must be at least 10 characters",
    tooLong: "Story must be less than 2000 characters",
  },
} as const;
const messages = SHARE_STORY_MESSAGES;

/** docs/product.md#share-story-form: values trimmed, its message for each rule. Client and server use this one. */
export const ShareStorySchema = z.object({
  firstName: oneLine("First name", messages.firstName.missing)
    .min(1, messages.firstName.missing)
    .max(NAME_MAX_LENGTH, messages.firstName.tooLong),
  lastName: oneLine("Last name", messages.lastName.missing)
    .min(1, messages.lastName.missing)
    .max(NAME_MAX_LENGTH, messages.lastName.tooLong),
  email: oneLine("Email", messages.email.missing)
    .max(EMAIL_MAX_LENGTH, messages.email.tooLong)
    .pipe(z.email(messages.email.missing)),
  story: multiline(messages.story.missing)
    .min(STORY_MIN_LENGTH, messages.story.tooShort)
    .max(STORY_MAX_LENGTH, messages.story.tooLong),
  [HONEYPOT_FIELD]: honeypotField,
  // A hidden field: a value that could never be a path on this site is ignored rather than shown as an error.
  [RETURN_TO_FIELD]: oneLine("Return path").optional().catch(undefined),
});

export type ShareStoryInput = z.infer<typeof ShareStorySchema>;

/** The share story toasts (docs/product.md#toasts). */
export const STORY_SUBMITTED_TOAST = {
  title: "Story Submitted Successfully!",
  description: "Thank you for sharing your Local Shine story. We'll review it and get back to you soon.",
} as const;

export const STORY_SUBMISSION_FAILED_TOAST = {
  title: "Submission Failed",
  description: "There was an error submitting your story. Please try again.",
  variant: "destructive",
} as const;

/**
 * The industry page's search params (docs/product.md#industry-stories): `q` searches title, author and short
 * description; `featured=1`.
 */
export const StoryListSearchSchema = z.object({
  q: z.string().transform(cleanSearchText).pipe(z.string().trim().max(100)).catch("").default(""),
  featured: z
    .string()
    .optional()
    .transform((value) => value === "1")
    .catch(false),
});
