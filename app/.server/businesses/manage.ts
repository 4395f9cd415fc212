import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type {
  BusinessImageField,
  BusinessInput,
  ManagedBusiness,
  ManageSearch,
} from "~/lib/business-schemas";
import { MANAGE_PAGE_SIZE } from "~/lib/business-schemas";
import { INDUSTRIES } from "~/lib/industries";
import { isUuid } from "~/lib/uuid";
import type { Viewer } from "../auth/guards";
import type { Database } from "../infra/db/client";
import { containsPattern } from "../infra/db/like-pattern";
import { businesses, media, users, type ListingStatus } from "../infra/db/schema";
import { FORBIDDEN, type Forbidden } from "../auth/admin-only";
import { enqueueEmail } from "../infra/mail/outbox";
import { MAIL_JOB } from "../infra/mail/delivery";
import type { Services } from "../services";
import { syncOpenSpans } from "./opening-spans";
import { claimStorage } from "../media/storage-quota";
import { queueMediaProcessing } from "../media-processing";
import type { StoredUpload } from "../infra/uploads";
import type { Coordinates } from "./geocode";
import { dropListingEdit, listingEditsOf, proposeListingEdit, toListingEdit } from "./listing-edits";
import { LISTING_EDIT_FIELDS, type ListingEditField } from "~/lib/listing-edits";

// Owner and admin management of listings (docs/product.md#business-listing-dashboard, #who-may-change-what).
// Authorization lives in each query's WHERE clause: an owner's statements carry `user_id = viewer.id`, an admin's
// carry no owner condition. Someone else's id therefore matches no row and answers exactly like an unknown id.

const managedColumns = {
  id: businesses.id,
  name: businesses.name,
  description: businesses.description,
  industry: businesses.industry,
  address: businesses.address,
  city: businesses.city,
  state: businesses.state,
  zipCode: businesses.zipCode,
  phone: businesses.phone,
  email: businesses.email,
  website: businesses.website,
  imageUrl: businesses.imageUrl,
  rating: businesses.rating,
  reviewCount: businesses.reviewCount,
  offerText: businesses.offerText,
  ownerName: businesses.ownerName,
  ownerBio: businesses.ownerBio,
  ownerImageUrl: businesses.ownerImageUrl,
  qualityDescription: businesses.qualityDescription,
  communityDescription: businesses.communityDescription,
  sustainabilityDescription: businesses.sustainabilityDescription,
  status: businesses.status,
  rejectionReason: businesses.rejectionReason,
  hours: businesses.hours,
  ownerVerifiedAt: businesses.ownerVerifiedAt,
  showKioskPlays: businesses.showKioskPlays,
} satisfies Record<Exclude<keyof ManagedBusiness, "edit">, unknown>;

type ManagedRow = Omit<ManagedBusiness, "edit">;

export type ManageViewer = Pick<Viewer, "id" | "isAdmin">;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows this viewer may see and change: their own, or every row for an admin. */
function manageableBy(viewer: ManageViewer): SQL | undefined {
  return viewer.isAdmin ? undefined : eq(businesses.userId, viewer.id);
}

/**
 * docs/product.md#searching: the listing search is a case-insensitive substring of name, city or industry. Name and
 * city use the trigram indexes on lower(name) / lower(city); an industry matches on its id or its title, which are five
 * fixed values, so the matching ids are worked out here and the filter still runs in the database.
 */
function searchCondition(query: string): SQL | undefined {
  const needle = query.trim().toLowerCase();
  if (!needle) return undefined;
  const pattern = containsPattern(needle);
  const industryIds = INDUSTRIES.filter(
    (industry) => industry.id.includes(needle) || industry.title.toLowerCase().includes(needle),
  ).map((industry) => industry.id);
  return or(
    sql`lower(${businesses.name}) like ${pattern}`,
    sql`lower(${businesses.city}) like ${pattern}`,
    industryIds.length > 0 ? inArray(businesses.industry, industryIds) : undefined,
  );
}

export interface ManagedBusinessPage {
  businesses: ManagedBusiness[];
  /** Every listing matching the search, not just this page. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
}

/**
 * docs/product.md#lists-and-order: the viewer's listings (all of them for an admin), newest first, searched and paged
 * in the database.
 */
export async function listManagedBusinesses(
  db: Database,
  viewer: ManageViewer,
  search: ManageSearch,
): Promise<ManagedBusinessPage> {
  const where = and(manageableBy(viewer), searchCondition(search.q));
  const [{ total }] = await db.select({ total: count() }).from(businesses).where(where);
  const pageCount = Math.max(1, Math.ceil(total / MANAGE_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const rows = await db
    .select(managedColumns)
    .from(businesses)
    .where(where)
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(MANAGE_PAGE_SIZE)
    .offset((page - 1) * MANAGE_PAGE_SIZE);
  return { businesses: await withEdits(db, viewer, rows as ManagedRow[]), total, page, pageCount };
}

/**
 * Each row with its owner's edit waiting for review (or rejected), in one query. An owner sees their proposed
 * values in the row (what the edit dialog preloads); an admin sees the live ones, with the edit beside them.
 */
async function withEdits(db: Database, viewer: ManageViewer, rows: ManagedRow[]): Promise<ManagedBusiness[]> {
  const edits = await listingEditsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const edit = edits.get(row.id);
    if (!edit) return { ...row, edit: null };
    const proposed = viewer.isAdmin ? {} : (edit.changes as Partial<ManagedRow>);
    return { ...row, ...proposed, edit: toListingEdit(row, edit) };
  });
}

/** Newly stored images for a save, by form field. */
export type BusinessImages = Partial<Record<BusinessImageField, StoredUpload>>;

export interface BusinessChanges {
  input: BusinessInput;
  /** The zip code's centroid, or null (unknown zip): the map position is cleared rather than left stale. */
  position: Coordinates | null;
  images: BusinessImages;
  /** The uploader's storage quota the new images must fit in (null: none); see ../media/storage-quota.ts. */
  storageLimitBytes?: number | null;
  /** The listing's IANA time zone: from its position, else SITE_TIMEZONE (null: read in SITE_TIMEZONE later). */
  timeZone?: string | null;
}

/**
 * docs/product.md#businesses columns from the form; never `user_id`, which only ever comes from the viewer, and never
 * the status. Rating and review count are an admin's to set (docs/product.md#who-may-change-what): an owner's form
 * leaves them as they are, whatever it sends.
 */
function formColumns(viewer: ManageViewer, { input, position, images, timeZone = null }: BusinessChanges) {
  return {
    name: input.name,
    description: input.description,
    industry: input.industry,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    phone: input.phone,
    email: input.email,
    website: input.website,
    ...(viewer.isAdmin ? { rating: input.rating, reviewCount: input.review_count } : {}),
    hours: input.hours,
    timeZone,
    offerText: input.offer_text,
    ownerName: input.owner_name,
    ownerBio: input.owner_bio,
    qualityDescription: input.quality_description,
    communityDescription: input.community_description,
    sustainabilityDescription: input.sustainability_description,
    showKioskPlays: input.show_kiosk_plays,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    // Without a new file the current image stays (spec: only "new images" are uploaded).
    ...(images.image ? { imageUrl: images.image.url } : {}),
    ...(images.owner_image ? { ownerImageUrl: images.owner_image.url } : {}),
  };
}

const IMAGE_TITLES: Record<BusinessImageField, (name: string) => string> = {
  image: (name) => `${name} image`,
  owner_image: (name) => `${name} owner image`,
};

/**
 * docs/product.md#uploads: each new image also becomes a media row of the person who uploaded it, noting the business,
 * within their storage quota (throws StorageQuotaExceeded).
 */
async function recordImages(
  tx: Transaction,
  viewer: ManageViewer,
  businessName: string,
  { images, storageLimitBytes = null }: Pick<BusinessChanges, "images" | "storageLimitBytes">,
) {
  const rows = (Object.entries(images) as [BusinessImageField, StoredUpload][]).map(([field, file]) => ({
    userId: viewer.id,
    title: IMAGE_TITLES[field](businessName),
    notes: `Uploaded for business: ${businessName}`,
    fileName: file.originalName,
    fileUrl: file.url,
    storageKey: file.key,
    fileType: file.mimeType,
    fileSize: file.size,
  }));
  if (rows.length === 0) return;
  const incoming = rows.reduce((sum, row) => sum + row.fileSize, 0);
  await claimStorage(tx, viewer.id, incoming, storageLimitBytes);
  const inserted = await tx.insert(media).values(rows).returning({ id: media.id });
  // Media items, so they too are made ready for kiosk screens (docs/architecture.md, "Media for screens").
  for (const { id } of inserted) await queueMediaProcessing(tx, id);
}

/**
 * Insert: the listing belongs to the viewer (docs/product.md#who-may-change-what), whoever is named anywhere in the
 * request. The listing and its media rows are written together or not at all; the caller removes the stored files if
 * this throws.
 */
export async function createBusiness(
  db: Database,
  viewer: ManageViewer,
  changes: BusinessChanges,
): Promise<ManagedBusiness> {
  return db.transaction(async (tx) => {
    // docs/product.md#reviewed-listings: an owner's listing waits for review; an admin's is live at once.
    const [row] = await tx
      .insert(businesses)
      .values({
        ...formColumns(viewer, changes),
        userId: viewer.id,
        status: viewer.isAdmin ? "published" : "pending",
        reviewedAt: viewer.isAdmin ? new Date() : null,
      })
      .returning(managedColumns);
    await recordImages(tx, viewer, changes.input.name, changes);
    await syncOpenSpans(tx, row!.id, changes.timeZone ?? null);
    return { ...(row as ManagedRow), edit: null };
  });
}

/**
 * Update by id: only a row the viewer may manage is touched, and its owner never changes (an admin's edit
 * keeps the original owner). Null when there is no such row for this viewer; then nothing was written.
 */
export async function updateBusiness(
  db: Database,
  viewer: ManageViewer,
  id: string,
  changes: BusinessChanges,
): Promise<ManagedBusiness | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    if (!viewer.isAdmin) {
      const [current] = await tx
        .select({ status: businesses.status })
        .from(businesses)
        .where(and(eq(businesses.id, id), manageableBy(viewer)))
        .for("update");
      if (!current) return null;
      // docs/decisions/076-reviewed-edits.md: a published listing's public fields change only by review.
      if (current.status === "published") return holdOwnerEdit(tx, viewer, id, changes);
    }
    const [row] = await tx
      .update(businesses)
      .set({
        ...formColumns(viewer, changes),
        // An owner's fix of a rejected listing goes back to review.
        ...(viewer.isAdmin
          ? {}
          : {
              status: sql`case when ${businesses.status} = 'rejected' then 'pending' else ${businesses.status} end`,
            }),
      })
      .where(and(eq(businesses.id, id), manageableBy(viewer)))
      .returning(managedColumns);
    if (!row) return null;
    // The owner's save of a listing the public does not see is its whole new version: no edit is left waiting.
    if (!viewer.isAdmin) await dropListingEdit(tx, id);
    await recordImages(tx, viewer, changes.input.name, changes);
    await syncOpenSpans(tx, id, changes.timeZone ?? null);
    const [edited] = viewer.isAdmin
      ? await withEdits(tx as unknown as Database, viewer, [row as ManagedRow])
      : [];
    return edited ?? { ...(row as ManagedRow), edit: null };
  });
}

/**
 * An owner's save of their published listing: the public fields become an edit waiting for review (the row keeps
 * the approved values); only the owner's display choice, which shows nothing they wrote, is saved at once. New
 * images are stored and counted now, and go public if the edit is approved.
 */
async function holdOwnerEdit(
  tx: Transaction,
  viewer: ManageViewer,
  id: string,
  changes: BusinessChanges,
): Promise<ManagedBusiness | null> {
  const columns = formColumns(viewer, changes);
  const proposed = Object.fromEntries(
    LISTING_EDIT_FIELDS.filter((field) => field in columns).map((field) => [
      field,
      columns[field as keyof typeof columns],
    ]),
  ) as Partial<Record<ListingEditField, unknown>>;
  const edit = await proposeListingEdit(tx, id, viewer.id, proposed);
  const [row] = await tx
    .update(businesses)
    .set({
      showKioskPlays: columns.showKioskPlays,
      // Modified, as the sitemap tells search engines, only when something public changed.
      updatedAt: sql`case when ${businesses.showKioskPlays} = ${columns.showKioskPlays} then ${businesses.updatedAt} else now() end`,
    })
    .where(and(eq(businesses.id, id), manageableBy(viewer)))
    .returning(managedColumns);
  if (!row) return null;
  await recordImages(tx, viewer, changes.input.name, changes);
  const [shown] = await withEdits(tx as unknown as Database, viewer, [row as ManagedRow]);
  return shown ?? { ...(row as ManagedRow), edit };
}

/**
 * Delete by id (docs/product.md#deleting), scoped like every other statement here. False when the viewer has no such
 * listing. Its images stay: they are media items in the uploader's library, removed from the media dashboard.
 */
export async function deleteBusiness(db: Database, viewer: ManageViewer, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(businesses)
    .where(and(eq(businesses.id, id), manageableBy(viewer)))
    .returning({ id: businesses.id });
  return rows.length > 0;
}

export type ListingDecision =
  { intent: "approve" } | { intent: "reject"; reason: string } | { intent: "unpublish" };

/** Which states each decision may start from: approve a pending, rejected or unpublished listing, and so on. */
const DECISION_FROM: Record<ListingDecision["intent"], ListingStatus[]> = {
  approve: ["pending", "rejected", "unpublished"],
  reject: ["pending"],
  unpublish: ["published"],
};

const DECISION_TO: Record<ListingDecision["intent"], ListingStatus> = {
  approve: "published",
  reject: "rejected",
  unpublish: "unpublished",
};

/**
 * An admin publishes, rejects (with a reason) or unpublishes a listing (docs/product.md#reviewed-listings). The
 * owner is emailed about an approval or a rejection in the same transaction. Admins only; a listing not in a state
 * the decision applies to answers 409.
 */
export async function reviewBusiness(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: ManageViewer,
  id: string,
  decision: ListingDecision,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return { ok: false, status: 404 };
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        name: businesses.name,
        status: businesses.status,
        ownerEmail: users.email,
        ownerName: users.name,
      })
      .from(businesses)
      .leftJoin(users, eq(users.id, businesses.userId))
      .where(eq(businesses.id, id))
      .for("update", { of: businesses });
    if (!row) return { ok: false, status: 404 } as const;
    if (!DECISION_FROM[decision.intent].includes(row.status)) return { ok: false, status: 409 } as const;
    await tx
      .update(businesses)
      .set({
        status: DECISION_TO[decision.intent],
        rejectionReason: decision.intent === "reject" ? decision.reason : null,
        reviewedAt: new Date(),
      })
      .where(eq(businesses.id, id));
    if (row.ownerEmail && decision.intent !== "unpublish") {
      const greeting = row.ownerName ? `Hi ${row.ownerName},` : "Hi,";
      const link = `${env.APP_URL}/admin`;
      await enqueueEmail(tx, {
        to: row.ownerEmail,
        subject:
          decision.intent === "approve"
            ? `Your listing "${row.name}" is live`
            : `Your listing "${row.name}" needs changes`,
        text:
          decision.intent === "approve"
            ? `${greeting}\n\nGood news: "${row.name}" is now in the Local Shiners directory: ${env.APP_URL}/business/${id}\n\nThe Local Shine team`
            : `${greeting}\n\nYour listing "${row.name}" was not published. The reviewer wrote:\n\n${decision.reason}\n\nEdit the listing and it goes back to review: ${link}\n\nThe Local Shine team`,
        reference: `business:${id}`,
      });
    }
    return { ok: true } as const;
  });
  if (result.ok) jobs.wake(MAIL_JOB);
  return result;
}

/** The review queue of /admin: listings waiting for review, oldest first, with who sent them. Admins only. */
export async function listPendingBusinesses(
  db: Database,
  viewer: ManageViewer,
): Promise<{ ok: true; queue: (ManagedBusiness & { ownerEmail: string | null })[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .select({ ...managedColumns, ownerEmail: users.email })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.userId))
    .where(eq(businesses.status, "pending"))
    .orderBy(businesses.createdAt, businesses.id)
    .limit(100);
  return {
    ok: true,
    queue: (rows as (ManagedRow & { ownerEmail: string | null })[]).map((row) => ({ ...row, edit: null })),
  };
}
