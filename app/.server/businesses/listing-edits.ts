import { and, asc, eq, inArray } from "drizzle-orm";
import {
  changedFields,
  describeChanges,
  LISTING_EDIT_FIELDS,
  type ListingChanges,
  type ListingEdit,
  type ListingEditField,
} from "~/lib/listing-edits";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { businessEdits, businesses, users } from "../infra/db/schema";
import { MAIL_JOB } from "../infra/mail/delivery";
import { enqueueEmail } from "../infra/mail/outbox";
import { timeZoneAt } from "../kiosks/time-zone";
import type { Services } from "../services";
import { zipCentroid } from "./geocode";
import { syncOpenSpans } from "./opening-spans";

// Reviewed edits of published listings (docs/decisions/076-reviewed-edits.md). The `businesses` row holds the
// approved values, and every public read (directory, business page and its JSON-LD, map, sitemap, /go and /q
// redirects, kiosk manifests) reads only that row, so an owner's edit cannot reach the public by any of them: it
// waits in `business_edits` until an admin approves it, and approving copies it onto the row.

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

/** The reviewed columns of `businesses`, by field name. */
export const editableColumns = Object.fromEntries(
  LISTING_EDIT_FIELDS.map((field) => [field, businesses[field]]),
) as { [Field in ListingEditField]: (typeof businesses)[Field] };

type LiveValues = Record<ListingEditField, unknown>;

/**
 * An owner's save of a published listing (call with the row locked): the fields that differ from the live row
 * replace any edit waiting for review; none (the owner put everything back) withdraws it. `proposed` holds every
 * field the form sends; an image the owner did not choose again keeps the one their waiting edit proposes.
 */
export async function proposeListingEdit(
  tx: Transaction,
  businessId: string,
  submittedBy: string,
  proposed: Partial<LiveValues>,
): Promise<ListingEdit | null> {
  const [[live], [waiting]] = await Promise.all([
    tx.select(editableColumns).from(businesses).where(eq(businesses.id, businessId)),
    tx
      .select({ changes: businessEdits.changes })
      .from(businessEdits)
      .where(eq(businessEdits.businessId, businessId)),
  ]);
  if (!live) return null;
  const carried: Partial<LiveValues> = {};
  for (const image of ["imageUrl", "ownerImageUrl"] as const) {
    if (!(image in proposed) && waiting && image in waiting.changes) carried[image] = waiting.changes[image];
  }
  const changes = changedFields(live, { ...carried, ...proposed });
  if (Object.keys(changes).length === 0) {
    await tx.delete(businessEdits).where(eq(businessEdits.businessId, businessId));
    return null;
  }
  const submittedAt = new Date();
  const row = {
    changes,
    status: "pending" as const,
    rejectionReason: null,
    submittedBy,
    submittedAt,
    reviewedAt: null,
  };
  await tx
    .insert(businessEdits)
    .values({ businessId, ...row })
    .onConflictDoUpdate({ target: businessEdits.businessId, set: row });
  return { status: "pending", reason: null, submittedAt, changes: describeChanges(live, changes) };
}

/** Drops a listing's waiting edit: the owner's direct save of a listing that is not public replaces it. */
export async function dropListingEdit(tx: Executor, businessId: string): Promise<void> {
  await tx.delete(businessEdits).where(eq(businessEdits.businessId, businessId));
}

/** The raw waiting or rejected edits of some listings, by listing id (one query). */
export async function listingEditsOf(
  db: Executor,
  ids: string[],
): Promise<Map<string, typeof businessEdits.$inferSelect>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(businessEdits).where(inArray(businessEdits.businessId, ids));
  return new Map(rows.map((row) => [row.businessId, row]));
}

/** How an edit reads against the live values of its listing. */
export function toListingEdit(
  live: Partial<LiveValues>,
  edit: typeof businessEdits.$inferSelect,
): ListingEdit {
  return {
    status: edit.status,
    reason: edit.rejectionReason,
    submittedAt: edit.submittedAt,
    changes: describeChanges(live, edit.changes),
  };
}

export interface ListingEditReview {
  id: string;
  /** The live (approved) name, which the public sees now. */
  name: string;
  ownerEmail: string | null;
  edit: ListingEdit;
}

/** /admin's "Changes to review": owners' edits of published listings, oldest first, as field: before → after. */
export async function listPendingListingEdits(
  db: Database,
  viewer: { isAdmin: boolean },
): Promise<{ ok: true; queue: ListingEditReview[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({ id: businesses.id, live: editableColumns, ownerEmail: users.email, edit: businessEdits })
    .from(businessEdits)
    .innerJoin(businesses, eq(businesses.id, businessEdits.businessId))
    .leftJoin(users, eq(users.id, businesses.userId))
    .where(eq(businessEdits.status, "pending"))
    .orderBy(asc(businessEdits.submittedAt), asc(businessEdits.businessId))
    .limit(100);
  return {
    ok: true,
    queue: rows.map((row) => ({
      id: row.id,
      name: row.live.name,
      ownerEmail: row.ownerEmail,
      edit: toListingEdit(row.live, row.edit),
    })),
  };
}

export type ListingEditDecision = { intent: "approve-edit" } | { intent: "reject-edit"; reason: string };

/** The columns approving `changes` writes: the changes, and a new map position and time zone for a new zip code. */
async function approvedColumns(changes: ListingChanges, siteTimeZone: string) {
  const columns: Record<string, unknown> = { ...changes };
  if (typeof changes.zipCode === "string") {
    const position = await zipCentroid(changes.zipCode);
    columns.latitude = position?.latitude ?? null;
    columns.longitude = position?.longitude ?? null;
    columns.timeZone = timeZoneAt(position, siteTimeZone);
  }
  return columns as Partial<typeof businesses.$inferInsert>;
}

/**
 * An admin approves (the edit goes live: the row, its opening spans, its map position, in one transaction) or
 * rejects (with a reason; the live version stays) an owner's edit of a published listing. The owner is emailed in
 * the same transaction. Admins only; no edit waiting answers 404, one already decided 409.
 */
export async function reviewListingEdit(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: { id: string; isAdmin: boolean },
  id: string,
  decision: ListingEditDecision,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: businesses.name, ownerEmail: users.email, ownerName: users.name, edit: businessEdits })
      .from(businessEdits)
      .innerJoin(businesses, eq(businesses.id, businessEdits.businessId))
      .leftJoin(users, eq(users.id, businesses.userId))
      .where(eq(businessEdits.businessId, id))
      .for("update", { of: [businesses, businessEdits] });
    if (!row) return { ok: false, status: 404 } as const;
    if (row.edit.status !== "pending") return { ok: false, status: 409 } as const;
    const approved = decision.intent === "approve-edit";
    if (approved) {
      await tx
        .update(businesses)
        .set(await approvedColumns(row.edit.changes, env.SITE_TIMEZONE))
        .where(eq(businesses.id, id));
      await syncOpenSpans(tx, id, env.SITE_TIMEZONE);
      await tx.delete(businessEdits).where(eq(businessEdits.businessId, id));
    } else {
      await tx
        .update(businessEdits)
        .set({ status: "rejected", rejectionReason: decision.reason, reviewedAt: new Date() })
        .where(and(eq(businessEdits.businessId, id), eq(businessEdits.status, "pending")));
    }
    if (row.ownerEmail) {
      const greeting = row.ownerName ? `Hi ${row.ownerName},` : "Hi,";
      await enqueueEmail(tx, {
        to: row.ownerEmail,
        subject: approved
          ? `Your changes to "${row.name}" are live`
          : `Your changes to "${row.name}" were not approved`,
        text: approved
          ? `${greeting}\n\nYour changes are now on your listing: ${env.APP_URL}/business/${id}\n\nThe Local Shine team`
          : `${greeting}\n\nYour changes to "${row.name}" were not approved, so the listing stays as it was. The reviewer wrote:\n\n${decision.reason}\n\nEdit the listing to send new changes: ${env.APP_URL}/admin\n\nThe Local Shine team`,
        reference: `business:${id}`,
      });
    }
    return { ok: true } as const;
  });
  if (result.ok) jobs.wake(MAIL_JOB);
  return result;
}
