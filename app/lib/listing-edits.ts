import { industryTitle } from "./industries";
import { describeDay, WEEK_DAYS, type WeeklyHours } from "./opening-hours";

// An owner's edit of a published listing waits for review (docs/product.md#reviewed-listings,
// docs/decisions/076-reviewed-edits.md). These are the listing's public columns: everything the business page,
// the directory, the map, the sitemap, the JSON-LD, the contact redirects and the kiosk manifests show. Shared with
// the browser, which shows the changes as a list of "field: before → after".

export const LISTING_EDIT_FIELDS = [
  "name",
  "description",
  "industry",
  "imageUrl",
  "address",
  "city",
  "state",
  "zipCode",
  "phone",
  "email",
  "website",
  "offerText",
  "hours",
  "ownerName",
  "ownerBio",
  "ownerImageUrl",
  "qualityDescription",
  "communityDescription",
  "sustainabilityDescription",
] as const;

export type ListingEditField = (typeof LISTING_EDIT_FIELDS)[number];

/** A proposed value per changed field (text, an image's URL, the week's hours, or null for "removed"). */
export type ListingChanges = Partial<Record<ListingEditField, string | WeeklyHours | null>>;

export const LISTING_EDIT_LABELS: Record<ListingEditField, string> = {
  name: "Business Name",
  description: "Description",
  industry: "Industry",
  imageUrl: "Business Image",
  address: "Address",
  city: "City",
  state: "State",
  zipCode: "Zip Code",
  phone: "Phone",
  email: "Email",
  website: "Website",
  offerText: "Special Offer",
  hours: "Opening Hours",
  ownerName: "Owner Name",
  ownerBio: "Owner Bio",
  ownerImageUrl: "Owner Image",
  qualityDescription: "Quality Commitment",
  communityDescription: "Community Impact",
  sustainabilityDescription: "Sustainability",
};

/** One changed field as the owner and the reviewer read it. Images are URLs (shown as thumbnails). */
export interface ListingChange {
  field: ListingEditField;
  label: string;
  kind: "text" | "image";
  from: string | null;
  to: string | null;
}

/** The review state of an owner's edit of a published listing, as their dashboard and the admin's queue show it. */
export interface ListingEdit {
  status: "pending" | "rejected";
  /** The reviewer's words when rejected. */
  reason: string | null;
  submittedAt: Date | string;
  changes: ListingChange[];
}

/** The hours as one line of text: "Sun Closed; Mon 9 AM – 5 PM; …", or "Not given". */
export function describeWeek(hours: WeeklyHours | null | undefined): string {
  if (!hours) return "Not given";
  return WEEK_DAYS.map((day) => `${day.short} ${describeDay(hours[day.key] ?? [])}`).join("; ");
}

/** JSON with object keys sorted: jsonb keeps its own key order, so the stored hours and the form's differ in it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The fields of `proposed` that differ from `live`: what an owner's save puts up for review. */
export function changedFields(
  live: Partial<Record<ListingEditField, unknown>>,
  proposed: Partial<Record<ListingEditField, unknown>>,
): ListingChanges {
  const changes: ListingChanges = {};
  for (const field of LISTING_EDIT_FIELDS) {
    if (!(field in proposed)) continue;
    if (!sameValue(live[field], proposed[field])) {
      changes[field] = (proposed[field] ?? null) as ListingChanges[ListingEditField];
    }
  }
  return changes;
}

function display(field: ListingEditField, value: unknown): string | null {
  if (field === "hours") return describeWeek(value as WeeklyHours | null);
  if (field === "industry" && typeof value === "string") return industryTitle(value);
  return typeof value === "string" && value !== "" ? value : null;
}

/** The readable list of what `changes` would change in `live` (fields equal to the live value are left out). */
export function describeChanges(
  live: Partial<Record<ListingEditField, unknown>>,
  changes: ListingChanges,
): ListingChange[] {
  return LISTING_EDIT_FIELDS.filter(
    (field) => field in changes && !sameValue(live[field], changes[field]),
  ).map((field) => ({
    field,
    label: LISTING_EDIT_LABELS[field],
    kind: field === "imageUrl" || field === "ownerImageUrl" ? "image" : "text",
    from: display(field, live[field]),
    to: display(field, changes[field]),
  }));
}
