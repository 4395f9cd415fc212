import type { IndustryId } from "~/lib/industries";

// Directory list URLs, shared by the pages and the search dialog. Parsing a URL's query lives in
// directory-search-schema.ts, which only loaders import, so zod stays out of these pages' JavaScript.

/**
 * The product's lists are unpaged (docs/product.md#lists-and-order); ours show this many cards per page so a page stays
 * fast at any network size.
 */
export const DIRECTORY_PAGE_SIZE = 24;
/** A ZIP+4 ("91367-1234") is 10 characters: no longer query can match a zip code. */
export const ZIP_QUERY_MAX_LENGTH = 10;

export interface DirectorySearch {
  industry?: IndustryId;
  zip?: string;
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
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  const path = pageIndustry ? industryListPath(pageIndustry) : ALL_BUSINESSES_PATH;
  return query ? `${path}?${query}` : path;
}

/**
 * Where a search from the dialog leads. From the all page it stays there; from an industry page it stays when the
 * industry is unchanged, and otherwise moves to the chosen industry's page (or the all page for All Industries).
 */
export function searchResultsHref(
  chosen: { industry?: IndustryId; zip?: string },
  pageIndustry?: IndustryId,
): string {
  if (!pageIndustry) return directoryListHref({ industry: chosen.industry, zip: chosen.zip });
  return directoryListHref({ zip: chosen.zip }, chosen.industry);
}
