import { and, eq, ilike, like, sql, sum, type Column, type SQL } from "drizzle-orm";
import { localWeekTime, type WeeklyHours } from "~/lib/opening-hours";
import { isUuid } from "~/lib/uuid";
import { queryRows, type Database } from "../infra/db/client";
import { containsPattern } from "../infra/db/like-pattern";
import {
  businessCountsByIndustry,
  businessCountsByZip,
  businessOpenSpans,
  businesses,
  type Business,
} from "../infra/db/schema";
import { zipCentroid, type Coordinates } from "./geocode";
import { kioskHostColumn } from "./kiosk-host";
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
  hours: businesses.hours,
  timeZone: businesses.timeZone,
  ownerVerifiedAt: businesses.ownerVerifiedAt,
};

export type DirectoryCard = Omit<
  Pick<Business, keyof typeof cardColumns>,
  "timeZone" | "hours" | "ownerVerifiedAt"
> & {
  hours: WeeklyHours | null;
  /** The listing's time zone, or the site's when it has none: what its hours are read in. */
  timeZone: string;
  ownerVerified: boolean;
  kioskHost: boolean;
  /** Miles from a near-me search's centre; absent otherwise. */
  distanceMiles?: number;
};

/**
 * A listing an admin made for a business with no account (docs/product.md#claims): its owner is an admin (or gone)
 * and nobody has verified ownership yet.
 */
export function claimableColumn(): SQL<boolean> {
  return sql<boolean>`(${businesses.ownerVerifiedAt} is null and (${businesses.userId} is null or exists (select 1 from "users" u where u.id = "businesses"."user_id" and u.role = 'admin')))`.mapWith(
    Boolean,
  );
}

/** Only published listings are public (docs/product.md#reviewed-listings). */
export const isPublished = () => eq(businesses.status, "published");

/** SITE_TIMEZONE's default; callers with services pass the configured one. */
export const DEFAULT_DIRECTORY_CONTEXT: DirectoryContext = { siteTimeZone: "America/Los_Angeles" };

export interface DirectoryContext {
  /** SITE_TIMEZONE: the time zone of listings without their own. */
  siteTimeZone: string;
  /** "Open now" means open at this instant. */
  now?: Date;
}

type CardRow = Pick<Business, keyof typeof cardColumns> & { kioskHost: boolean };

function toCard(
  { ownerVerifiedAt, timeZone, hours, ...row }: CardRow,
  context: DirectoryContext,
): DirectoryCard {
  return {
    ...row,
    hours: (hours as WeeklyHours | null) ?? null,
    timeZone: timeZone ?? context.siteTimeZone,
    ownerVerified: ownerVerifiedAt !== null,
  };
}

export interface DirectoryPage {
  businesses: DirectoryCard[];
  /** A near-me search whose centre is unknown (a zip code not in the dataset). */
  unknownOrigin?: boolean;
  /** There are more matches than `total` says (near-me and open-now lists stop counting at FILTERED_COUNT_CAP). */
  totalCapped?: boolean;
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
    isPublished(),
    industry ? eq(businesses.industry, industry) : undefined,
    // Served by the trigram index on zip_code (three characters or more).
    zip ? containsZip(businesses.zipCode, zip) : undefined,
  );
}

/**
 * One page of the directory, newest first (docs/product.md#lists-and-order), with the exact number of matches. Filters
 * and paging run in the database; the page walks an index in list order, and the count (from running totals) rides
 * along as a subquery, so a page is one round trip. Only a page with no rows (no matches, or past the end) asks again.
 * A near-me or open-now search goes its own way (below).
 */
export async function listDirectoryBusinesses(
  db: Database,
  search: DirectorySearch,
  context: DirectoryContext = DEFAULT_DIRECTORY_CONTEXT,
): Promise<DirectoryPage> {
  if (search.near || search.open) return listFilteredBusinesses(db, search, context);
  const rows = await db
    .select({
      ...cardColumns,
      kioskHost: kioskHostColumn(),
      total: sql<string | null>`(${countMatchesQuery(db, search)})`,
    })
    .from(businesses)
    .where(directoryWhere(search))
    // NULLS LAST matches the published_created indexes (the columns are NOT NULL, but the planner only walks an
    // index whose null ordering is the query's).
    .orderBy(sql`${businesses.createdAt} desc nulls last`, sql`${businesses.id} desc nulls last`)
    .limit(DIRECTORY_PAGE_SIZE)
    .offset((search.page - 1) * DIRECTORY_PAGE_SIZE);
  const total =
    rows.length > 0
      ? Number(rows[0].total ?? 0)
      : Number((await countMatchesQuery(db, search))[0]?.total ?? 0);
  return {
    businesses: rows.map(({ total: _total, ...card }) => toCard(card, context)),
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
  };
}

const METERS_PER_MILE = 1609.344;

/** The centre of a near-me search: a zip code's centroid (offline dataset) or the visitor's position. */
export async function nearOrigin(search: DirectorySearch): Promise<Coordinates | null> {
  if (!search.near) return null;
  if ("zip" in search.near) return zipCentroid(search.near.zip);
  return { latitude: search.near.lat, longitude: search.near.lng };
}

const earthPoint = (at: Coordinates) => sql`ll_to_earth(${at.latitude}::float8, ${at.longitude}::float8)`;
const listingPoint = sql`ll_to_earth(${businesses.latitude}, ${businesses.longitude})`;
const hasPosition = sql`${businesses.latitude} is not null and ${businesses.longitude} is not null`;

/**
 * Listings within `miles` of `at`: a box search on the GiST index businesses_published_earth_idx (earth_box), then
 * the exact great-circle test (docs/decisions/062-near-me-with-earthdistance.md).
 */
function withinMiles(at: Coordinates, miles: number): SQL {
  const meters = miles * METERS_PER_MILE;
  return sql`(${hasPosition} and earth_box(${earthPoint(at)}, ${meters}::float8) @> ${listingPoint} and earth_distance(${earthPoint(at)}, ${listingPoint}) <= ${meters}::float8)`;
}

/** The time zones listings' hours are kept in: a skip scan of business_open_spans_lookup_idx, one probe per zone. */
async function openSpanZones(db: Database): Promise<string[]> {
  const rows = await queryRows<{ tz: string | null }>(
    db,
    sql`
    with recursive zones(tz) as (
      (select min(time_zone) from ${businessOpenSpans})
      union all
      select (select min(s.time_zone) from ${businessOpenSpans} s where s.time_zone > zones.tz)
        from zones where zones.tz is not null
    )
    select tz from zones where tz is not null`,
  );
  return rows.map((row) => row.tz).filter((tz): tz is string => Boolean(tz));
}

/**
 * Open at `now` (docs/product.md#opening-hours): the listing has a span in business_open_spans covering the weekday
 * and minute its own time zone reads at `now` (worked out here for each zone in use). A probe of
 * business_open_spans_business_idx per listing considered, or a range scan of the lookup index per zone: the planner
 * picks by how many listings are open.
 */
async function openAt(db: Database, now: Date): Promise<SQL> {
  const zones = await openSpanZones(db);
  if (zones.length === 0) return sql`false`;
  const clocks = zones.map((tz) => {
    const { day, minute } = localWeekTime(tz, now);
    return sql`(${tz}, ${day}::int, ${minute}::int)`;
  });
  const openSpans = sql`select s.business_id from ${businessOpenSpans} s
      join (values ${sql.join(clocks, sql`, `)}) as c(tz, day, minute)
        on s.time_zone = c.tz and s.day = c.day and s.opens_at <= c.minute and s.closes_at > c.minute`;
  // Few listings open (at night): read the open set from the index (bounded) and filter by those ids. Many (by day): walk the list in
  // order and check each listing, which finds a page within a few dozen rows. Counting up to the threshold is one
  // bounded range scan per zone either way.
  const few = await queryRows<{ business_id: string }>(
    db,
    sql`select distinct business_id from (${openSpans} limit ${OPEN_SET_THRESHOLD}) few`,
  );
  if (few.length < OPEN_SET_THRESHOLD) {
    if (few.length === 0) return sql`false`;
    // The ids themselves, so the planner sees how few there are (a subquery's size it cannot guess).
    return sql`${businesses.id} = any(${`{${few.map((row) => row.business_id).join(",")}}`}::uuid[])`;
  }
  return sql`exists (${openSpans} and s.business_id = ${businesses.id})`;
}

/** Below this many open spans "open now" joins the open set; above it, it checks listings as the list walks. */
const OPEN_SET_THRESHOLD = 2000;

/** Near-me and open-now lists count at most this many matches ("1,000+"): past that the number says nothing more. */
export const FILTERED_COUNT_CAP = 1000;

/**
 * Near-me and open-now searches: the same filters plus distance and/or open now, sorted by distance (a
 * nearest-neighbour walk of the GiST index, stopping after the page) or newest first (the published index walk).
 * The count is capped at FILTERED_COUNT_CAP so it never has to visit every match.
 */
async function listFilteredBusinesses(
  db: Database,
  search: DirectorySearch,
  context: DirectoryContext,
): Promise<DirectoryPage> {
  const origin = await nearOrigin(search);
  if (search.near && !origin) {
    return { businesses: [], total: 0, page: 1, pageCount: 1, unknownOrigin: true };
  }
  const where = and(
    directoryWhere(search),
    origin ? withinMiles(origin, search.miles ?? 5) : undefined,
    search.open ? await openAt(db, context.now ?? new Date()) : undefined,
  );
  const distance = origin
    ? sql<number>`earth_distance(${earthPoint(origin)}, ${listingPoint}) / ${METERS_PER_MILE}::float8`.mapWith(
        Number,
      )
    : sql<null>`null`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...cardColumns, kioskHost: kioskHostColumn(), distance })
      .from(businesses)
      .where(where)
      .orderBy(
        ...(origin
          ? [sql`${listingPoint} <-> ${earthPoint(origin)}`]
          : [sql`${businesses.createdAt} desc nulls last`, sql`${businesses.id} desc nulls last`]),
      )
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((search.page - 1) * DIRECTORY_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(businesses)
        .where(where)
        .limit(FILTERED_COUNT_CAP + 1)
        .as("capped"),
    ),
  ]);
  const found = counted?.total ?? 0;
  const total = Math.min(found, FILTERED_COUNT_CAP);
  return {
    businesses: rows.map(({ distance: miles, ...card }) => ({
      ...toCard(card, context),
      ...(typeof miles === "number" ? { distanceMiles: miles } : {}),
    })),
    total,
    totalCapped: found > FILTERED_COUNT_CAP,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
  };
}

/**
 * "No businesses found" near a place offers the closest listings instead (any distance): a nearest-neighbour walk of
 * the same GiST index (cube's `<->` is straight-line distance, which orders like the great-circle one).
 */
export async function nearestBusinesses(
  db: Database,
  origin: Coordinates,
  context: DirectoryContext,
  limit = 6,
): Promise<DirectoryCard[]> {
  const rows = await db
    .select({
      ...cardColumns,
      kioskHost: kioskHostColumn(),
      distance:
        sql<number>`earth_distance(${earthPoint(origin)}, ${listingPoint}) / ${METERS_PER_MILE}::float8`.mapWith(
          Number,
        ),
    })
    .from(businesses)
    .where(and(isPublished(), hasPosition))
    .orderBy(sql`${listingPoint} <-> ${earthPoint(origin)}`)
    .limit(limit);
  return rows.map(({ distance, ...card }) => ({ ...toCard(card, context), distanceMiles: distance }));
}

/** Businesses per industry for the chooser's cards, from the running totals (industries with none read 0). */
export async function countBusinessesByIndustry(db: Database): Promise<Record<IndustryId, number>> {
  const rows = await db.select().from(businessCountsByIndustry);
  const counts = Object.fromEntries(INDUSTRY_IDS.map((id) => [id, 0])) as Record<IndustryId, number>;
  for (const row of rows) if (isIndustryId(row.industry)) counts[row.industry] = row.businesses;
  return counts;
}

/** Everything the business page shows; the owner's account id (user_id) stays on the server. Published only. */
const profileColumns = {
  ...cardColumns,
  email: businesses.email,
  address: businesses.address,
  ownerName: businesses.ownerName,
  ownerBio: businesses.ownerBio,
  ownerImageUrl: businesses.ownerImageUrl,
  qualityDescription: businesses.qualityDescription,
  communityDescription: businesses.communityDescription,
  showKioskPlays: businesses.showKioskPlays,
};

export type BusinessProfile = DirectoryCard &
  Pick<Business, Exclude<keyof typeof profileColumns, keyof typeof cardColumns>> & {
    /** A listing made by an admin for a business with no account: a signed-in person may claim it. */
    claimable: boolean;
  };

/**
 * One published business for its public page, or null when the id is malformed, unknown or not published (all
 * are "not found").
 */
export async function getBusiness(
  db: Database,
  id: string,
  context: DirectoryContext = DEFAULT_DIRECTORY_CONTEXT,
): Promise<BusinessProfile | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...profileColumns,
      kioskHost: kioskHostColumn(),
      claimable: claimableColumn(),
    })
    .from(businesses)
    .where(and(eq(businesses.id, id), isPublished()))
    .limit(1);
  if (!row) return null;
  const { claimable, ...rest } = row;
  return { ...rest, ...toCard(rest, context), claimable };
}

/**
 * A directory list page's data: the page, the moment "open now" was judged at (the cards say it again in the
 * browser), and when a near-me search finds nothing, the closest listings at any distance instead.
 */
export async function loadDirectoryList(db: Database, search: DirectorySearch, siteTimeZone: string) {
  const now = new Date();
  const context = { siteTimeZone, now };
  const listing = await listDirectoryBusinesses(db, search, context);
  let nearest: DirectoryCard[] = [];
  if (listing.total === 0 && search.near) {
    const origin = await nearOrigin(search);
    if (origin) nearest = await nearestBusinesses(db, origin, context);
  }
  return { listing, nearest, now: pageMoment(now, [...listing.businesses, ...nearest]) };
}

/**
 * The moment a page says "Open now" for, to the minute, and only when a listing on it has hours: a page without
 * hours stays byte-for-byte the same (its ETag and the page cache rely on that).
 */
export function pageMoment(now: Date, cards: { hours: unknown }[]): string | null {
  if (!cards.some((card) => card.hours)) return null;
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
}
