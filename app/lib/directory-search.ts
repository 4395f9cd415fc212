import { industryTitle, type IndustryId } from "~/lib/industries";

// Directory list URLs, shared by the pages and the search dialog. Parsing a URL's query lives in
// directory-search-schema.ts, which only loaders import, so zod stays out of these pages' JavaScript.

/**
 * The product's lists are unpaged (docs/product.md#lists-and-order); ours show this many cards per page so a page stays
 * fast at any network size.
 */
export const DIRECTORY_PAGE_SIZE = 24;
/** A ZIP+4 ("91367-1234") is 10 characters: no longer query can match a zip code. */
export const ZIP_QUERY_MAX_LENGTH = 10;

/** The distances a near-me search offers, in miles. */
export const NEAR_RADII = [1, 5, 10, 25] as const;
export type NearRadius = (typeof NEAR_RADII)[number];
export const DEFAULT_NEAR_RADIUS: NearRadius = 5;

/**
 * Where a near-me search is centred: a 5-digit zip code (its centroid) or the visitor's position ("Use my
 * location", rounded to about 100 m before it goes in the URL).
 */
export type NearOrigin = { zip: string } | { lat: number; lng: number };

export interface DirectorySearch {
  industry?: IndustryId;
  zip?: string;
  near?: NearOrigin;
  /** Miles around `near` (only with `near`). */
  miles?: NearRadius;
  /** Only listings open at the moment of the request. */
  open?: boolean;
  page: number;
}

export const ALL_BUSINESSES_PATH = "/local-shiners/all";

export function industryListPath(industry: IndustryId) {
  return `/local-shiners/${industry}`;
}

/**
 * The URL of a directory list. On the all page the industry filter is a query parameter; an industry page carries
 * its industry in the path, so `pageIndustry` is left out of its query. Defaults are omitted (short, canonical URLs).
 */
export function directoryListHref(search: Partial<DirectorySearch>, pageIndustry?: IndustryId): string {
  const params = new URLSearchParams();
  if (search.industry && !pageIndustry) params.set("industry", search.industry);
  if (search.zip) params.set("zip", search.zip);
  if (search.near && "zip" in search.near) params.set("near", search.near.zip);
  if (search.near && "lat" in search.near) {
    params.set("lat", search.near.lat.toFixed(3));
    params.set("lng", search.near.lng.toFixed(3));
  }
  if (search.near) params.set("miles", String(search.miles ?? DEFAULT_NEAR_RADIUS));
  if (search.open) params.set("open", "1");
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  const path = pageIndustry ? industryListPath(pageIndustry) : ALL_BUSINESSES_PATH;
  return query ? `${path}?${query}` : path;
}

/**
 * Where a search from the dialog leads. From the all page it stays there; from an industry page it stays when the
 * industry is unchanged, and otherwise moves to the chosen industry's page (or the all page for All Industries).
 */
export function searchResultsHref(chosen: Omit<DirectorySearch, "page">, pageIndustry?: IndustryId): string {
  const { industry, ...rest } = chosen;
  if (!pageIndustry) return directoryListHref({ industry, ...rest });
  return directoryListHref(rest, industry);
}

/** "0.8 mi", "12 mi": a card's distance from the search's centre. */
export function formatMiles(miles: number): string {
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** What the search narrows to, as chips that clear one at a time (each with the list's URL without it). */
export function activeFilters(
  search: DirectorySearch,
  pageIndustry?: IndustryId,
): { key: string; label: string; clearHref: string }[] {
  const chips = [];
  const base = { ...search, page: 1 };
  if (search.industry && !pageIndustry) {
    chips.push({
      key: "industry",
      label: industryTitle(search.industry),
      clearHref: directoryListHref({ ...base, industry: undefined }),
    });
  }
  if (search.zip) {
    chips.push({
      key: "zip",
      label: `Zip contains “${search.zip}”`,
      clearHref: directoryListHref({ ...base, zip: undefined }, pageIndustry),
    });
  }
  if (search.near) {
    const where = "zip" in search.near ? search.near.zip : "my location";
    chips.push({
      key: "near",
      label: `Within ${search.miles ?? DEFAULT_NEAR_RADIUS} mi of ${where}`,
      clearHref: directoryListHref({ ...base, near: undefined, miles: undefined }, pageIndustry),
    });
  }
  if (search.open) {
    chips.push({
      key: "open",
      label: "Open now",
      clearHref: directoryListHref({ ...base, open: false }, pageIndustry),
    });
  }
  return chips;
}

/** The search form refuses letters in the zip field with this message (the URL still just falls back). */
export const ZIP_DIGITS_MESSAGE = "Zip codes are digits only (a dash is fine for ZIP+4)";
const ZIP_QUERY = /^[\d-]*$/;

/** Why a typed zip query cannot be searched (letters), or null: the search form shows it under the field. */
export function zipQueryProblem(zip: string): string | null {
  return ZIP_QUERY.test(zip.trim()) ? null : ZIP_DIGITS_MESSAGE;
}
