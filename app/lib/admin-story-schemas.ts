import { cleanSearchText } from "./search-text";
import { z } from "./zod";
import type { FlashToast } from "./flash-toast";
import { isIndustryId, type IndustryId } from "./industries";
import { imageFile, multiline, oneLine, requiredText } from "./form-fields";

/** The story dialog's file field; the server stores it under `story-backgrounds/` (docs/product.md#files). */
export const STORY_IMAGE_FIELD = "background_image";
/** Markdown bodies run to a few thousand characters; this bounds a single form field. */
export const MAX_STORY_CONTENT_LENGTH = 20_000;
/** The story delete confirmation (docs/product.md#confirmations). */
export const DELETE_STORY_CONFIRMATION = "Are you sure you want to delete this story?";
/** A story's listing that is not one (or no longer exists). */
export const STORY_LISTING_MESSAGE = "Please choose a listing from the list";
/** Stories per page of the admin list. */
export const ADMIN_STORY_PAGE_SIZE = 24;

const failed = (title: string): FlashToast => ({
  title,
  description: "Please try again.",
  variant: "destructive",
});

/** The stories toasts, word for word (docs/product.md#toasts). */
export const ADMIN_STORY_TOASTS = {
  created: { title: "Story created successfully!" },
  updated: { title: "Story updated successfully!" },
  deleted: { title: "Story deleted successfully!" },
  saveFailed: failed("Error saving story"),
  deleteFailed: failed("Error deleting story"),
} satisfies Record<string, FlashToast>;

/** A YYYY-MM-DD that names a real calendar day (the date input's value). */
const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/**
 * docs/product.md#admin-story-form (column names of #stories): every field required with its message except content
 * (optional Markdown) and featured (a checkbox, off unless sent). The dialog and /admin/stories both parse with it.
 * `user_id` is not a field: the server records the signed-in admin.
 */
export const AdminStorySchema = z.object({
  title: requiredText("Title is required", 200, "Title"),
  short_description: requiredText("Short description is required", 500, "Short description", "many"),
  description: requiredText("Description is required", 5000, "Description", "many"),
  content: multiline()
    .max(
      MAX_STORY_CONTENT_LENGTH,
      `Content must be ${MAX_STORY_CONTENT_LENGTH.toLocaleString("en-US")} characters or less`,
    )
    .optional()
    .transform((value) => value || null),
  industry: oneLine("Industry", "Industry is required")
    .min(1, "Industry is required")
    .refine(isIndustryId, "Please choose one of the listed industries")
    .transform((value) => value as IndustryId),
  author: requiredText("Author is required", 200, "Author"),
  publish_date: oneLine("Publish date", "Publish date is required")
    .min(1, "Publish date is required")
    .refine(isCalendarDate, "Please enter a valid date"),
  is_featured: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true" || value === "1"),
  // The listing the story is about (optional): the story page links to it, its page lists the story.
  business_id: oneLine("Listing")
    .optional()
    .transform((value) => value || null)
    .pipe(z.union([z.null(), z.uuid(STORY_LISTING_MESSAGE)])),
  [STORY_IMAGE_FIELD]: imageFile,
});

export type AdminStoryInput = z.infer<typeof AdminStorySchema>;

/** The dialog's save: the story's fields, and the id of the story being edited (none when creating). */
export const SaveStorySchema = AdminStorySchema.extend({
  intent: z.literal("save").default("save"),
  id: z.string().trim().max(100).optional(),
  /** The story submission a new story was made from: saving marks it handled. Anything else is ignored. */
  from_submission: z.uuid().optional().catch(undefined),
});

export type SaveStoryInput = z.infer<typeof SaveStorySchema>;

/**
 * The list's query string (docs/product.md#shine-stories-panel): `q` searches title and author, `industry` is one of
 * the five, `featured=1`.
 */
export const AdminStorySearchSchema = z.object({
  q: z.string().transform(cleanSearchText).pipe(z.string().trim().max(100)).catch("").default(""),
  industry: z
    .string()
    .optional()
    .transform((value) => (isIndustryId(value) ? value : undefined))
    .catch(undefined),
  featured: z
    .string()
    .optional()
    .transform((value) => value === "1")
    .catch(false),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type AdminStorySearch = z.infer<typeof AdminStorySearchSchema>;

/** The delete button's form (docs/product.md#deleting). */
export const DeleteStorySchema = z.object({
  intent: z.literal("delete"),
  id: oneLine("Id").min(1).max(100),
});

/** The story form's Markdown preview: the content as typed (its length is the domain's to refuse, with 413). */
export const StoryPreviewSchema = z.object({ content: z.string() });

/** One story as the admin list shows it and the edit dialog preloads it (docs/product.md#stories fields, camelCase). */
export interface AdminStory {
  id: string;
  title: string;
  shortDescription: string;
  description: string;
  content: string | null;
  industry: IndustryId;
  author: string;
  /** YYYY-MM-DD */
  publishDate: string;
  isFeatured: boolean;
  backgroundImageUrl: string | null;
  /** The listing the story is about, if any. */
  businessId: string | null;
}

/** A listing the story form offers: the admin picks the one a story is about. */
export interface StoryListingChoice {
  id: string;
  name: string;
  city: string;
  industry: string;
}

/** Values to start a new story from (the inbox's "Create story" on a submission, which it then marks handled). */
export type StoryDraft = Partial<Omit<AdminStory, "id" | "backgroundImageUrl">> & { fromSubmission?: string };

/**
 * docs/product.md#shine-stories-panel: total, featured and published (publish date not in the future, site time zone)
 * stories.
 */
export interface AdminStoryCounts {
  total: number;
  featured: number;
  published: number;
}
