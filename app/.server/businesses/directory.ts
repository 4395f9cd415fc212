import { and, eq, ilike, like, sql, sum, type Column, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { Database } from "../infra/db/client";
import { containsPattern } from "../infra/db/like-pattern";
import { businessCountsByIndustry, businessCountsByZip, businesses, type Business } from "../infra/db/schema";
import { DIRECTORY_PAGE_SIZE, type DirectorySearch } from "~/lib/directory-search";
import { INDUSTRY_IDS, isIndustryId, type IndustryId } from "~/lib/industries";

// Public reads of the directory (docs/product.md#directory-lists, #one-business, #lists-and-order). Everything here is
// what any visitor may see; owner and admin writes live beside this file, not in it.

const cardColumns = {
  id: businesses.id,
  name: businesses.name,
  description: businesses.description,
  industry: businesses.industry,
  city: businesses.city,
  state: businesses.state,
  zipCode: businesses.zipCode,
  phone: businesses.phone,
  website: businesses.website,
  imageUrl: businesses.imageUrl,
  rating: businesses.rating,
  reviewCount: businesses.reviewCount,
  offerText: businesses.offerText,
};

export type DirectoryCard = Pick<Business, keyof typeof cardColumns>;

export interface DirectoryPage {
  businesses: DirectoryCard[];
  /** Every business matching the filters, not just this page. */
  total: number;
  page: number;
  pageCount: number;
}

/**
 * `column` contains `zip`, ignoring case (docs/product.md#searching: a substring match). Case only matters for letters,
 * and almost every zip query is digits, so those use LIKE: the same rows, the same trigram index, a fraction of ILIKE's
 * cost per row when a short query has to scan.
 */
function containsZip(column: Column, zip: string): SQL {
  const pattern = containsPattern(zip);
  return zip.toLowerCase() === zip.toUpperCase() ? like(column, pattern) : ilike(column, pattern);
}

/**
 * The exact number of matches, read from the running totals the triggers keep (drizzle/0003_directory_counts.sql)
 * instead of counting rows: a handful of rows per industry, or the zip codes that match (trigram index).
 */
function countMatchesQuery(db: Database, { industry, zip }: DirectorySearch) {
  return zip
    ? db
        .select({ total: sum(businessCountsByZip.businesses) })
        .from(businessCountsByZip)
        .where(
          and(
            industry ? eq(businessCountsByZip.industry, industry) : undefined,
            containsZip(businessCountsByZip.zipCode, zip),
          ),
        )
    : db
        .select({ total: sum(businessCountsByIndustry.businesses) })
        .from(businessCountsByIndustry)
        .where(industry ? eq(businessCountsByIndustry.industry, industry) : undefined);
}

function directoryWhere({ industry, zip }: DirectorySearch): SQL | undefined {
  return and(
    industry ? eq(businesses.industry, industry) : undefined,
    // Served by the trigram index on zip_code (three characters or more).
    zip ? containsZip(businesses.zipCode, zip) : undefined,
  );
}

/**
 * One page of the directory, newest first (docs/product.md#lists-and-order), with the exact number of matches. Filters
 * and paging run in the database; the page walks an index in list order, and the count (from running totals) rides
 * along as a subquery, so a page is one round trip. Only a page with no rows (no matches, or past the end) asks again.
 */
export async function listDirectoryBusinesses(db: Database, search: DirectorySearch): Promise<DirectoryPage> {
  const rows = await db
    .select({ ...cardColumns, total: sql<string | null>`(${countMatchesQuery(db, search)})` })
    .from(businesses)
    .where(directoryWhere(search))
    // NULLS LAST matches businesses_created_idx and businesses_industry_created_idx (the columns are NOT NULL,
    // but the planner only walks an index whose null ordering is the query's).
    .orderBy(sql`${businesses.createdAt} desc nulls last`, sql`${businesses.id} desc nulls last`)
    .limit(DIRECTORY_PAGE_SIZE)
    .offset((search.page - 1) * DIRECTORY_PAGE_SIZE);
  const total =
    rows.length > 0
      ? Number(rows[0].total ?? 0)
      : Number((await countMatchesQuery(db, search))[0]?.total ?? 0);
  return {
    businesses: rows.map(({ total: _total, ...card }) => card),
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
  };
}

/** Businesses per industry for the chooser's cards, from the running totals (industries with none read 0). */
export async function countBusinessesByIndustry(db: Database): Promise<Record<IndustryId, number>> {
  const rows = await db.select().from(businessCountsByIndustry);
  const counts = Object.fromEntries(INDUSTRY_IDS.map((id) => [id, 0])) as Record<IndustryId, number>;
  for (const row of rows) if (isIndustryId(row.industry)) counts[row.industry] = row.businesses;
  return counts;
}

/** Everything the business page shows; the owner's account id (user_id) stays on the server. */
const profileColumns = {
  ...cardColumns,
  email: businesses.email,
  address: businesses.address,
  ownerName: businesses.ownerName,
  ownerBio: businesses.ownerBio,
  ownerImageUrl: businesses.ownerImageUrl,
  qualityDescription: businesses.qualityDescription,
  communityDescription: businesses.communityDescription,
};

export type BusinessProfile = Pick<Business, keyof typeof profileColumns>;

/** One business for its public page, or null when the id is malformed or unknown (both are "not found"). */
export async function getBusiness(db: Database, id: string): Promise<BusinessProfile | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(profileColumns).from(businesses).where(eq(businesses.id, id)).limit(1);
  return row ?? null;
}
