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
import { businesses, media } from "../infra/db/schema";
import { claimStorage } from "../media/storage-quota";
import { queueMediaProcessing } from "../media-processing";
import type { StoredUpload } from "../infra/uploads";
import type { Coordinates } from "./geocode";

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
} satisfies Record<keyof ManagedBusiness, unknown>;

export type ManageViewer = Pick<Viewer, "id" | "isAdmin">;

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
  return { businesses: rows, total, page, pageCount };
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
}

/** docs/product.md#businesses columns from the form; never `user_id`, which only ever comes from the viewer. */
function formColumns({ input, position, images }: BusinessChanges) {
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
    rating: input.rating,
    reviewCount: input.review_count,
    offerText: input.offer_text,
    ownerName: input.owner_name,
    ownerBio: input.owner_bio,
    qualityDescription: input.quality_description,
    communityDescription: input.community_description,
    sustainabilityDescription: input.sustainability_description,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    // Without a new file the current image stays (spec: only "new images" are uploaded).
    ...(images.image ? { imageUrl: images.image.url } : {}),
    ...(images.owner_image ? { ownerImageUrl: images.owner_image.url } : {}),
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
    const [row] = await tx
      .insert(businesses)
      .values({ ...formColumns(changes), userId: viewer.id })
      .returning(managedColumns);
    await recordImages(tx, viewer, changes.input.name, changes);
    return row!;
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
    const [row] = await tx
      .update(businesses)
      .set(formColumns(changes))
      .where(and(eq(businesses.id, id), manageableBy(viewer)))
      .returning(managedColumns);
    if (!row) return null;
    await recordImages(tx, viewer, changes.input.name, changes);
    return row;
  });
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
