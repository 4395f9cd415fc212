import { cleanSearchText } from "./search-text";
import { z } from "zod";
import { INDUSTRY_IDS, type IndustryId } from "~/lib/industries";

/** Spec §2 lists are unpaged; ours show this many cards per page so a page stays fast at any network size. */
export const DIRECTORY_PAGE_SIZE = 24;
/** A ZIP+4 ("91367-1234") is 10 characters: no longer query can match a zip code. */
export const ZIP_QUERY_MAX_LENGTH = 10;
/** Deep enough for 2.4 million businesses; keeps OFFSET (and a hand-typed page number) bounded. */
const MAX_PAGE = 100_000;

/**
 * The directory search (spec §5 "Directory search"): industry is All (absent) or one of the five, zip is a
 * substring of zip_code, page is 1-based. These come from shareable URLs, so a value that doesn't parse falls back
 * (a stale industry shows all, `?page=abc` shows page 1) instead of failing the page. A zip query longer than any
 * zip code is kept one character too long so it still finds nothing, without sending the whole string to the DB.
 */
export const DirectorySearchSchema = z.object({
  industry: z.enum(INDUSTRY_IDS).optional().catch(undefined),
  zip: z
    .string()
    .transform(cleanSearchText)
    .pipe(z.string().trim())
    .transform((value) => value.slice(0, ZIP_QUERY_MAX_LENGTH + 1) || undefined)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
});

export interface DirectorySearch {
  industry?: IndustryId;
  zip?: string;
  page: number;
}

/** Reads the search from a URL's query string; the one place it is interpreted. */
export function parseDirectorySearch(params: URLSearchParams): DirectorySearch {
  return DirectorySearchSchema.parse({
    industry: params.get("industry") ?? undefined,
    zip: params.get("zip") ?? undefined,
    page: params.get("page") ?? undefined,
  });
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
