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

/** docs/product.md#share-story-form: values trimmed, its message for each rule. Client and server use this one. */
export const ShareStorySchema = z.object({
  firstName: oneLine("First name", "First name is required")
    .min(1, "First name is required")
    .max(NAME_MAX_LENGTH, "First name must be less than 50 characters"),
  lastName: oneLine("Last name", "Last name is required")
    .min(1, "Last name is required")
    .max(NAME_MAX_LENGTH, "Last name must be less than 50 characters"),
  email: oneLine("Email", "Please enter a valid email address")
    .max(EMAIL_MAX_LENGTH, "Email must be less than 255 characters")
    .pipe(z.email("Please enter a valid email address")),
  story: multiline("Story must be at least 10 characters")
    .min(STORY_MIN_LENGTH, "Story must be at least 10 characters")
    .max(STORY_MAX_LENGTH, "Story must be less than 2000 characters"),
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
