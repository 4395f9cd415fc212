import { z } from "zod";
import { INDUSTRY_IDS, type IndustryId } from "~/lib/industries";

/** Spec §2 lists are unpaged; ours show this many cards per page so a page stays fast at any network size. */
export const DIRECTORY_PAGE_SIZE = 24;
/** Longest zip query we look for: a ZIP+4 ("91367-1234") is 10 characters, so anything longer can't match. */
export const ZIP_QUERY_MAX_LENGTH = 10;

/**
 * The directory search (spec §5 "Directory search"): industry is All (absent) or one of the five; zip is a
 * substring of zip_code; page is 1-based. Every field falls back instead of failing, because these values come
 * from shareable URLs: a hand-edited `?page=abc` or a stale industry shows the full list rather than an error.
 */
export const DirectorySearchSchema = z.object({
  industry: z.enum(INDUSTRY_IDS).optional().catch(undefined),
  zip: z
    .string()
    .trim()
    .transform((value) => value.slice(0, ZIP_QUERY_MAX_LENGTH + 1))
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export interface DirectorySearch {
  industry?: IndustryId;
  zip?: string;
  page: number;
}

/** Reads the search from a URL's query; the one place the query string is interpreted. */
export function parseDirectorySearch(params: URLSearchParams): DirectorySearch {
  return DirectorySearchSchema.parse({
    industry: params.get("industry") ?? undefined,
    zip: params.get("zip") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The query string for a search, leaving out defaults so URLs stay short and canonical. */
export function directorySearchQuery(search: Partial<DirectorySearch>): string {
  const params = new URLSearchParams();
  if (search.industry) params.set("industry", search.industry);
  if (search.zip) params.set("zip", search.zip);
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
