import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { businesses, type Business } from "../db/schema";
import { DIRECTORY_PAGE_SIZE, type DirectorySearch } from "~/lib/directory-search";

// Public reads of the directory (spec §2 "Directory lists", "One business"; §7 "Businesses"). Everything here is
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

export interface DirectoryListing {
  businesses: DirectoryCard[];
  /** Every business matching the filters, not just this page. */
  total: number;
  page: number;
  pageCount: number;
}

/** `%`, `_` and `\` typed into the zip field are literal characters, not wildcards. */
function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function directoryWhere(search: Pick<DirectorySearch, "industry" | "zip">): SQL | undefined {
  return and(
    search.industry ? eq(businesses.industry, search.industry) : undefined,
    // Substring match (spec §5), served by the trigram index on zip_code.
    search.zip ? ilike(businesses.zipCode, `%${escapeLike(search.zip)}%`) : undefined,
  );
}

/**
 * One page of the directory, newest first, with the total number of matches. Filters and paging run in the
 * database; the page and the count are two indexed queries run side by side.
 */
export async function listDirectoryBusinesses(db: Database, search: DirectorySearch): Promise<DirectoryListing> {
  const where = directoryWhere(search);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(businesses).where(where),
    db
      .select(cardColumns)
      .from(businesses)
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((search.page - 1) * DIRECTORY_PAGE_SIZE),
  ]);
  return {
    businesses: rows,
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One business for its public page, or null when the id is malformed or unknown (both are "not found"). */
export async function getBusiness(db: Database, id: string): Promise<Business | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
  return row ?? null;
}
