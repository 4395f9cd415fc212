// Review states of a listing as the dashboards show them (docs/product.md#reviewed-listings). The database's list
// is LISTING_STATUSES in app/.server/infra/db/schema.ts; this file is what the pages may import.

export type ListingStatus = "pending" | "published" | "rejected" | "unpublished";

export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  pending: "Pending review",
  published: "Published",
  rejected: "Rejected",
  unpublished: "Unpublished",
};
