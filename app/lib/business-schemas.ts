import { cleanSearchText } from "./search-text";
import { INVALID_WEBSITE_MESSAGE, withWebScheme } from "./web-url";
import { z } from "./zod";
import type { FlashToast } from "./flash-toast";
import { isIndustryId } from "./industries";
import { imageFile, oneLine, optionalText, requiredText } from "./form-fields";
import { hoursProblem, MAX_SPANS_PER_DAY, WEEK_DAYS, type WeeklyHours } from "./opening-hours";
import type { ListingStatus } from "./listing-status";
import type { ListingEdit } from "./listing-edits";

/** docs/product.md#business-form: the reply to a signed-out create. */
export const LOGIN_REQUIRED_MESSAGE = "You must be logged in to create a business";
/** The two file fields of the business form: the business image and the owner's photo. */
export const BUSINESS_IMAGE_FIELDS = ["image", "owner_image"] as const;
export type BusinessImageField = (typeof BUSINESS_IMAGE_FIELDS)[number];
/** The delete confirmation (docs/product.md#confirmations), shown in the confirmation dialog. */
export const DELETE_BUSINESS_CONFIRMATION = "Are you sure you want to delete this business?";
/** The dashboard shows this many rows per page; admins may have thousands of listings. */
export const MANAGE_PAGE_SIZE = 25;

const destructive = (title: string): FlashToast => ({ title, variant: "destructive" });

/** The businesses toasts, word for word (docs/product.md#toasts). */
export const BUSINESS_TOASTS = {
  created: { title: "Business created successfully" },
  updated: { title: "Business updated successfully" },
  deleted: { title: "Business deleted successfully" },
  saveFailed: destructive("Failed to save business"),
  fetchFailed: destructive("Failed to fetch businesses"),
  deleteFailed: destructive("Failed to delete business"),
  loginRequired: destructive(LOGIN_REQUIRED_MESSAGE),
  submitted: { title: "Business submitted for review" },
  changesSubmitted: {
    title: "Changes sent for review",
    description: "Your listing shows the approved version until our team approves them.",
  },
  editApproved: { title: "Changes published" },
  editRejected: { title: "Changes rejected" },
  approved: { title: "Listing published" },
  rejected: { title: "Listing rejected" },
  unpublished: { title: "Listing unpublished" },
  reviewFailed: destructive("Failed to update the listing"),
} satisfies Record<string, FlashToast>;

/** An empty input means "not given"; present values must then pass `check`. */
const optionalChecked = (label: string, check: z.ZodType<string, string>) =>
  oneLine(label)
    .optional()
    .transform((value) => value || null)
    .pipe(z.union([z.null(), check]));

const hoursSpan = z.object({ opens: z.string().max(5), closes: z.string().max(5) });
const weeklyHoursShape = z.object(
  Object.fromEntries(WEEK_DAYS.map((day) => [day.key, z.array(hoursSpan).max(MAX_SPANS_PER_DAY)])) as Record<
    (typeof WEEK_DAYS)[number]["key"],
    z.ZodArray<typeof hoursSpan>
  >,
);

/**
 * The dialog's weekly hours, sent as one JSON field by its time inputs: blank is "not given" (null); otherwise
 * every day, each a list of spans (an empty list is a closed day).
 */
const weeklyHoursField = z
  .string()
  .max(4000, "Opening hours are too long")
  .optional()
  .transform((value, ctx): WeeklyHours | null => {
    if (!value || !value.trim()) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Opening hours could not be read" });
      return z.NEVER;
    }
    const hours = weeklyHoursShape.safeParse(parsed);
    if (!hours.success) {
      ctx.addIssue({ code: "custom", message: "Opening hours could not be read" });
      return z.NEVER;
    }
    const problem = hoursProblem(hours.data as WeeklyHours);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return hours.data as WeeklyHours;
  });

/** A number typed into a form: blank is `fallback`; anything else must read as a number. */
const formNumber = (fallback: number, schema: z.ZodNumber) =>
  z.preprocess((value) => {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== "string") return value;
    return value.trim() === "" ? fallback : Number(value.trim());
  }, schema);

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
};

/**
 * docs/product.md#business-form (column names of #businesses): required name, industry, address, city, state, zip_code;
 * rating 0 to 5 in steps of 0.1 (default 0); review count a whole number of at least 0 (default 0); email and website
 * checked when given. The dialog and the /admin action both parse with this one schema. `user_id` is not a field: the
 * server takes the owner from the session, and unknown keys are dropped.
 */
export const BusinessSchema = z.object({
  name: requiredText("Name is required", 200, "Name"),
  description: optionalText(2000, "Description", "many"),
  industry: oneLine("Industry", "Industry is required")
    .min(1, "Industry is required")
    .refine(isIndustryId, "Please choose one of the listed industries"),
  address: requiredText("Address is required", 200, "Address"),
  city: requiredText("City is required", 100, "City"),
  state: requiredText("State is required", 50, "State"),
  zip_code: requiredText("Zip code is required", 10, "Zip code"),
  phone: optionalText(40, "Phone"),
  email: optionalChecked(
    "Email",
    z
      .string()
      .max(255, "Email must be less than 255 characters")
      .pipe(z.email("Please enter a valid email address")),
  ),
  website: optionalChecked(
    "Website",
    z
      .string()
      .max(2048, "Website must be 2048 characters or less")
      .transform(withWebScheme)
      .refine(isWebUrl, INVALID_WEBSITE_MESSAGE),
  ),
  rating: formNumber(
    0,
    z
      .number({ error: "Rating must be a number" })
      .min(0, "Rating must be between 0 and 5")
      .max(5, "Rating must be between 0 and 5")
      .refine(
        (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9,
        "Rating must be in steps of 0.1",
      ),
  ).transform((value) => Math.round(value * 10) / 10),
  review_count: formNumber(
    0,
    z
      .number({ error: "Review count must be a number" })
      .int("Review count must be a whole number")
      .min(0, "Review count must be 0 or more")
      .max(1_000_000_000, "Review count must be 1,000,000,000 or less"),
  ),
  offer_text: optionalText(500, "Offer text"),
  owner_name: optionalText(200, "Owner name"),
  owner_bio: optionalText(2000, "Owner bio", "many"),
  quality_description: optionalText(2000, "Quality commitment", "many"),
  community_description: optionalText(2000, "Community impact", "many"),
  sustainability_description: optionalText(2000, "Sustainability", "many"),
  hours: weeklyHoursField,
  // docs/product.md#one-business: a checkbox, off unless sent.
  show_kiosk_plays: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === "on" || value === "true" || value === "1"),
  image: imageFile,
  owner_image: imageFile,
});

export type BusinessInput = z.infer<typeof BusinessSchema>;

/** The dialog's save: the listing's fields, and the id of the listing being edited (none when adding). */
export const SaveBusinessSchema = BusinessSchema.extend({
  intent: z.literal("save").default("save"),
  id: z.string().trim().max(100).optional(),
});

export type SaveBusinessInput = z.infer<typeof SaveBusinessSchema>;

/** The dashboard's delete form (docs/product.md#deleting); whether the id is the viewer's is the server's question. */
export const DeleteBusinessSchema = z.object({
  intent: z.literal("delete"),
  id: oneLine("Id").min(1).max(100),
});

/** The dashboard's query string: `q` searches name, city and industry; `page` is 1-based. Bad values fall back. */
export const ManageSearchSchema = z.object({
  q: z.string().transform(cleanSearchText).pipe(z.string().trim().max(100)).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type ManageSearch = z.infer<typeof ManageSearchSchema>;

/**
 * One listing as the dashboard shows it and as the edit dialog preloads it (docs/product.md#businesses names,
 * camelCase).
 */
export interface ManagedBusiness {
  id: string;
  name: string;
  description: string | null;
  industry: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  offerText: string | null;
  ownerName: string | null;
  ownerBio: string | null;
  ownerImageUrl: string | null;
  qualityDescription: string | null;
  communityDescription: string | null;
  sustainabilityDescription: string | null;
  status: ListingStatus;
  rejectionReason: string | null;
  hours: WeeklyHours | null;
  ownerVerifiedAt: Date | null;
  /** The owner shows "Seen N times on Local Shine kiosks this month" on the business page. */
  showKioskPlays: boolean;
  /**
   * The owner's edit of this published listing waiting for review (or rejected), if any. The owner's rows show
   * their proposed values; an admin's show the live ones (docs/product.md#reviewed-listings).
   */
  edit: ListingEdit | null;
}

/** An admin's decision on a listing (docs/product.md#reviewed-listings); a rejection carries its reason. */
export const ReviewBusinessSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: oneLine("Id").min(1).max(100) }),
  z.object({ intent: z.literal("unpublish"), id: oneLine("Id").min(1).max(100) }),
  z.object({
    intent: z.literal("reject"),
    id: oneLine("Id").min(1).max(100),
    reason: requiredText("Please say why the listing is rejected", 1000, "Reason", "many"),
  }),
]);

export type ReviewBusinessInput = z.infer<typeof ReviewBusinessSchema>;

/** An admin's decision on an owner's edit of a published listing; a rejection carries its reason. */
export const ReviewListingEditSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-edit"), id: oneLine("Id").min(1).max(100) }),
  z.object({
    intent: z.literal("reject-edit"),
    id: oneLine("Id").min(1).max(100),
    reason: requiredText("Please say why the changes are rejected", 1000, "Reason", "many"),
  }),
]);

/** An admin's answer to a claim waiting for them (docs/product.md#claims). */
const claimId = oneLine("Claim").min(1).max(100);
export const ClaimDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("claim-approve"), claimId }),
  z.object({ intent: z.literal("claim-reject"), claimId }),
]);

/**
 * Everything /admin's plain (non-multipart) forms send: a delete, an admin's review decision (of a listing or of an
 * owner's edit) or claim decision.
 */
export const BusinessActionSchema = z.discriminatedUnion("intent", [
  DeleteBusinessSchema,
  ...ReviewBusinessSchema.options,
  ...ReviewListingEditSchema.options,
  ...ClaimDecisionSchema.options,
]);

/** The business page's claim forms: ask to claim, then (when a code was emailed) type the code. */
export const ClaimSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("claim") }),
  z.object({
    intent: z.literal("confirm-claim"),
    code: oneLine("Code", "Enter the code from the email")
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "The code is six digits")),
  }),
]);

export const CLAIM_TOASTS = {
  codeSent: { title: "Check the listing's email for a code" },
  awaitingAdmin: { title: "Claim sent: our team will check and email you" },
  verified: { title: "You now manage this listing" },
  failed: destructive("The claim could not be made"),
  decided: { title: "Claim decided" },
} satisfies Record<string, FlashToast>;
