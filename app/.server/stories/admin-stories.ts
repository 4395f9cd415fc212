import { and, count, desc, eq, lte, or, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_STORY_PAGE_SIZE,
  MAX_STORY_CONTENT_LENGTH,
  type AdminStory,
  type AdminStoryCounts,
  type AdminStoryInput,
  type AdminStorySearch,
  STORY_LISTING_MESSAGE,
  type StoryListingChoice,
} from "~/lib/admin-story-schemas";
import type { IndustryId } from "~/lib/industries";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { containsPattern } from "../infra/db/like-pattern";
import { businesses, businessStories, media, storySubmissions } from "../infra/db/schema";
import { errorsUnder, type FormResult } from "~/lib/form-submission";
import type { StoredUpload } from "../infra/uploads";
import { queueMediaProcessing } from "../media-processing";
import { siteToday } from "./site-date";
import { renderStoryMarkdown } from "./render-markdown";

// The Shine Stories Management Panel's data (docs/product.md#shine-stories-panel). Every function takes the viewer and
// refuses non-admins before touching the database, so a route that forgot its guard still changes nothing.

export interface AdminStoryReader {
  db: Database;
  env: { SITE_TIMEZONE: string };
}

export type NotFound = { ok: false; status: 404; reason: "not-found" };
const NOT_FOUND: NotFound = { ok: false, status: 404, reason: "not-found" };

const adminColumns = {
  id: businessStories.id,
  title: businessStories.title,
  shortDescription: businessStories.shortDescription,
  description: businessStories.description,
  content: businessStories.content,
  industry: sql<IndustryId>`${businessStories.industry}`,
  author: businessStories.author,
  publishDate: businessStories.publishDate,
  isFeatured: businessStories.isFeatured,
  backgroundImageUrl: businessStories.backgroundImageUrl,
  businessId: businessStories.businessId,
} satisfies Record<keyof AdminStory, unknown>;

/**
 * docs/product.md#shine-stories-panel: search (title or author, case-insensitive), industry and Featured Only, all in
 * the WHERE clause.
 */
function filtersOf(search: AdminStorySearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.industry) conditions.push(eq(businessStories.industry, search.industry));
  if (search.featured) conditions.push(eq(businessStories.isFeatured, true));
  if (search.q) {
    const pattern = containsPattern(search.q.toLowerCase());
    // lower(...) like matches the trigram indexes on lower(title) and lower(author).
    conditions.push(
      or(
        sql`lower(${businessStories.title}) like ${pattern}`,
        sql`lower(${businessStories.author}) like ${pattern}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface AdminStoryPage {
  ok: true;
  stories: AdminStory[];
  counts: AdminStoryCounts;
  /** Stories matching the filters (every page). */
  matching: number;
  page: number;
  pageCount: number;
  /** Today in the site's time zone: the dialog's default publish date. */
  today: string;
}

/** Every story, latest publish_date first (docs/product.md#lists-and-order), filtered and paged. */
export async function listAdminStories(
  { db, env }: AdminStoryReader,
  viewer: AdminViewer,
  search: AdminStorySearch,
): Promise<AdminStoryPage | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const today = siteToday(env.SITE_TIMEZONE);
  const where = filtersOf(search);
  // One pass over the table: the three panel counts (future-dated stories count in the total only) and
  // the number matching the filters, which decides the page count.
  const [totals] = await db
    .select({
      total: count(),
      featured: sql<number>`count(*) filter (where ${businessStories.isFeatured})`.mapWith(Number),
      published: sql<number>`count(*) filter (where ${lte(businessStories.publishDate, today)})`.mapWith(
        Number,
      ),
      matching: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(businessStories);
  const { total, featured, published, matching } = totals ?? {
    total: 0,
    featured: 0,
    published: 0,
    matching: 0,
  };
  const pageCount = Math.max(1, Math.ceil(matching / ADMIN_STORY_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const stories = await db
    .select(adminColumns)
    .from(businessStories)
    .where(where)
    .orderBy(desc(businessStories.publishDate), desc(businessStories.createdAt), desc(businessStories.id))
    .limit(ADMIN_STORY_PAGE_SIZE)
    .offset((page - 1) * ADMIN_STORY_PAGE_SIZE);
  return { ok: true, stories, counts: { total, featured, published }, matching, page, pageCount, today };
}

function storyValues(input: AdminStoryInput) {
  return {
    title: input.title,
    description: input.description,
    shortDescription: input.short_description,
    content: input.content,
    industry: input.industry,
    author: input.author,
    publishDate: input.publish_date,
    isFeatured: input.is_featured,
    businessId: input.business_id,
  };
}

/** The form names a listing that does not exist (any more): a message under the field, nothing saved. */
export type UnknownListing = { ok: false; status: 400; result: FormResult };
const UNKNOWN_LISTING: UnknownListing = {
  ok: false,
  status: 400,
  result: errorsUnder(["business_id"], STORY_LISTING_MESSAGE),
};

/** Locks the named listing for the rest of the transaction, so it cannot be deleted before the story points at it. */
async function listingExists(tx: Database, businessId: string | null) {
  if (!businessId) return true;
  const [row] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for("key share");
  return Boolean(row);
}

/**
 * The story form's preview: the Markdown as the story page will show it (rendered and sanitized the same way).
 * Admins only; content longer than a story may be is refused rather than rendered.
 */
export function previewStoryMarkdown(
  viewer: AdminViewer,
  content: string,
): { ok: true; html: string } | Forbidden | { ok: false; status: 413 } {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (content.length > MAX_STORY_CONTENT_LENGTH) return { ok: false, status: 413 };
  return { ok: true, html: content.trim() ? renderStoryMarkdown(content) : "" };
}

/** The most listings the story form offers; beyond it the newest are kept (a network this size needs a search). */
export const STORY_LISTING_CHOICES_LIMIT = 2000;

/** Every listing the story form can name, by name (admins only; empty for anyone else). */
export async function listStoryListingChoices(
  db: Database,
  viewer: AdminViewer,
): Promise<StoryListingChoice[]> {
  if (!viewer.isAdmin) return [];
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      city: businesses.city,
      industry: businesses.industry,
    })
    .from(businesses)
    .orderBy(desc(businesses.createdAt))
    .limit(STORY_LISTING_CHOICES_LIMIT);
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/**
 * docs/product.md#uploads: the media record that goes with a stored story background, queued to be made ready for
 * kiosk screens like any media item.
 */
async function recordBackground(tx: Database, viewer: AdminViewer, image: StoredUpload) {
  const [row] = await tx
    .insert(media)
    .values({
      userId: viewer.id,
      title: `Story Background - ${image.originalName}`,
      description: "Background image for business story",
      fileName: image.originalName,
      fileUrl: image.url,
      storageKey: image.key,
      fileType: image.mimeType,
      fileSize: image.size,
    })
    .returning({ id: media.id });
  await queueMediaProcessing(tx, row!.id);
}

export type StoryWriteResult = { ok: true; story: AdminStory } | Forbidden | NotFound | UnknownListing;

/** Create: the story (and its background's media record, in the same transaction), by this admin. */
export async function createStory(
  db: Database,
  viewer: AdminViewer,
  input: AdminStoryInput & { from_submission?: string },
  image?: StoredUpload,
): Promise<StoryWriteResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  return db.transaction(async (tx) => {
    if (!(await listingExists(tx, input.business_id))) return UNKNOWN_LISTING;
    if (image) await recordBackground(tx, viewer, image);
    const [story] = await tx
      .insert(businessStories)
      .values({ ...storyValues(input), backgroundImageUrl: image?.url ?? null, userId: viewer.id })
      .returning(adminColumns);
    // Made from a visitor's submission (the inbox's "Create story"): the submission is handled with it.
    if (input.from_submission && isUuid(input.from_submission)) {
      await tx
        .update(storySubmissions)
        .set({ handledAt: sql`coalesce(${storySubmissions.handledAt}, now())` })
        .where(eq(storySubmissions.id, input.from_submission));
    }
    return { ok: true as const, story: story! };
  });
}

/**
 * Update: the same fields, where id matches. Without a new image the story keeps its background; the
 * creating admin stays recorded as its author of record.
 */
export async function updateStory(
  db: Database,
  viewer: AdminViewer,
  id: string,
  input: AdminStoryInput,
  image?: StoredUpload,
): Promise<StoryWriteResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return NOT_FOUND;
  return db.transaction(async (tx) => {
    if (!(await listingExists(tx, input.business_id))) return UNKNOWN_LISTING;
    const [story] = await tx
      .update(businessStories)
      .set({ ...storyValues(input), ...(image ? { backgroundImageUrl: image.url } : {}) })
      .where(eq(businessStories.id, id))
      .returning(adminColumns);
    if (!story) return NOT_FOUND;
    if (image) await recordBackground(tx, viewer, image);
    return { ok: true as const, story };
  });
}

/**
 * Delete where id matches (docs/product.md#deleting). The background image stays: it is a media record in the uploading
 * admin's library (docs/product.md#uploads: creating a story inserts one), which they manage from /dashboard.
 */
export async function deleteStory(
  db: Database,
  viewer: AdminViewer,
  id: string,
): Promise<{ ok: true } | Forbidden | NotFound> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(id)) return NOT_FOUND;
  const [row] = await db
    .delete(businessStories)
    .where(eq(businessStories.id, id))
    .returning({ id: businessStories.id });
  return row ? { ok: true } : NOT_FOUND;
}
