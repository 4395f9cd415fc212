import { and, count, desc, eq, lte, or, sql, type SQL } from "drizzle-orm";
import type { IndustryId } from "~/lib/industries";
import { INDUSTRY_IDS } from "~/lib/industries";
import { isUuid } from "~/lib/uuid";
import type { Database } from "../infra/db/client";
import { containsPattern } from "../infra/db/like-pattern";
import { businesses, businessStories } from "../infra/db/schema";
import { renderStoryMarkdown } from "./render-markdown";
import { siteToday } from "./site-date";

/** What every public story query needs: the database and the zone whose calendar decides "published". */
export interface StoryReader {
  db: Database;
  env: { SITE_TIMEZONE: string };
}

/** docs/product.md#featured-stories: the stories home shows at most six featured stories. */
export const FEATURED_STORIES_LIMIT = 6;
/** The spec's lists are not paged; this only guards the page if the archive ever grows very large. */
export const STORY_LIST_LIMIT = 120;
const MAX_QUERY_LENGTH = 100;

export interface StorySummary {
  id: string;
  title: string;
  shortDescription: string;
  industry: IndustryId;
  author: string;
  /** YYYY-MM-DD */
  publishDate: string;
  isFeatured: boolean;
  backgroundImageUrl: string | null;
}

export interface PublicStory extends StorySummary {
  description: string;
  /** The listing the story is about, when the admin named one and it still exists. */
  business: { id: string; name: string; city: string; state: string } | null;
  /** The content field's Markdown rendered and sanitized on the server; null when the story has no content. */
  contentHtml: string | null;
}

const summaryColumns = {
  id: businessStories.id,
  title: businessStories.title,
  shortDescription: businessStories.shortDescription,
  industry: sql<IndustryId>`${businessStories.industry}`,
  author: businessStories.author,
  publishDate: businessStories.publishDate,
  isFeatured: businessStories.isFeatured,
  backgroundImageUrl: businessStories.backgroundImageUrl,
};

const newestFirst = [
  desc(businessStories.publishDate),
  desc(businessStories.createdAt),
  desc(businessStories.id),
];

/**
 * docs/product.md#publishing: a story is public when its publish_date is on or before today in the site's time zone.
 */
function isPublished(reader: StoryReader): SQL {
  return lte(businessStories.publishDate, siteToday(reader.env.SITE_TIMEZONE));
}

export interface StoryFilters {
  industry?: IndustryId;
  /** Case-insensitive substring of the title, author or short description (docs/product.md#searching). */
  query?: string;
  featuredOnly?: boolean;
}

/** Published stories, newest first, filtered in the database; `total` counts every match, not just those returned. */
export async function listPublishedStories(
  reader: StoryReader,
  filters: StoryFilters = {},
): Promise<{ stories: StorySummary[]; total: number }> {
  const conditions: SQL[] = [isPublished(reader)];
  if (filters.industry) conditions.push(eq(businessStories.industry, filters.industry));
  if (filters.featuredOnly) conditions.push(eq(businessStories.isFeatured, true));
  const query = filters.query?.trim().slice(0, MAX_QUERY_LENGTH);
  if (query) {
    const pattern = containsPattern(query.toLowerCase());
    // lower(...) like matches the trigram indexes on lower(title) and lower(author).
    conditions.push(
      or(
        sql`lower(${businessStories.title}) like ${pattern}`,
        sql`lower(${businessStories.author}) like ${pattern}`,
        sql`lower(${businessStories.shortDescription}) like ${pattern}`,
      )!,
    );
  }
  const rows = await reader.db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(businessStories)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(STORY_LIST_LIMIT);
  return { stories: rows.map(({ total: _total, ...story }) => story), total: rows[0]?.total ?? 0 };
}

/** docs/product.md#stories-home: up to six featured, published stories, newest first. */
export async function listFeaturedStories(reader: StoryReader): Promise<StorySummary[]> {
  return reader.db
    .select(summaryColumns)
    .from(businessStories)
    .where(and(isPublished(reader), eq(businessStories.isFeatured, true)))
    .orderBy(...newestFirst)
    .limit(FEATURED_STORIES_LIMIT);
}

/** Published stories per industry, with a zero for every industry that has none. */
export async function countPublishedByIndustry(reader: StoryReader): Promise<Record<IndustryId, number>> {
  const rows = await reader.db
    .select({ industry: businessStories.industry, count: count() })
    .from(businessStories)
    .where(isPublished(reader))
    .groupBy(businessStories.industry);
  const counts = Object.fromEntries(INDUSTRY_IDS.map((id) => [id, 0])) as Record<IndustryId, number>;
  for (const row of rows) {
    if (row.industry in counts) counts[row.industry as IndustryId] = Number(row.count);
  }
  return counts;
}

/** One published story, or null when the id is malformed, unknown or not yet published (all the same to visitors). */
export async function getPublishedStory(reader: StoryReader, id: string): Promise<PublicStory | null> {
  if (!isUuid(id)) return null;
  const [story] = await reader.db
    .select({
      ...summaryColumns,
      description: businessStories.description,
      content: businessStories.content,
      businessId: businesses.id,
      businessName: businesses.name,
      businessCity: businesses.city,
      businessState: businesses.state,
    })
    .from(businessStories)
    // A listing still in review (or unpublished) is not linked: visitors would meet 'Business not found'.
    .leftJoin(
      businesses,
      and(eq(businesses.id, businessStories.businessId), eq(businesses.status, "published")),
    )
    .where(and(eq(businessStories.id, id), isPublished(reader)))
    .limit(1);
  if (!story) return null;
  const { content, businessId, businessName, businessCity, businessState, ...rest } = story;
  const business =
    businessId && businessName
      ? { id: businessId, name: businessName, city: businessCity ?? "", state: businessState ?? "" }
      : null;
  return { ...rest, business, contentHtml: content?.trim() ? renderStoryMarkdown(content) : null };
}

/** The business page lists at most this many stories about the business. */
export const BUSINESS_STORIES_LIMIT = 6;

/** Published stories that name this listing, newest first (the business page's "Shine Stories about …"). */
export async function listStoriesAboutBusiness(
  reader: StoryReader,
  businessId: string,
): Promise<StorySummary[]> {
  if (!isUuid(businessId)) return [];
  return reader.db
    .select(summaryColumns)
    .from(businessStories)
    .where(and(eq(businessStories.businessId, businessId), isPublished(reader)))
    .orderBy(...newestFirst)
    .limit(BUSINESS_STORIES_LIMIT);
}

/** Every published story's id and date, for the sitemap. */
export async function listPublishedStoryEntries(
  reader: StoryReader,
): Promise<{ id: string; publishDate: string }[]> {
  return reader.db
    .select({ id: businessStories.id, publishDate: businessStories.publishDate })
    .from(businessStories)
    .where(isPublished(reader))
    .orderBy(...newestFirst);
}

/**
 * Everything the stories home shows (docs/product.md#stories-home): published counts per industry and the featured
 * stories.
 */
export async function getStoriesHome(reader: StoryReader) {
  const [counts, featured] = await Promise.all([
    countPublishedByIndustry(reader),
    listFeaturedStories(reader),
  ]);
  return { counts, featured };
}
