import { z } from "~/lib/zod";
import {
  DEFAULT_NEAR_RADIUS,
  NEAR_RADII,
  ZIP_QUERY_MAX_LENGTH,
  type DirectorySearch,
  type NearRadius,
} from "~/lib/directory-search";
import { INDUSTRY_IDS } from "~/lib/industries";
import { cleanSearchText } from "~/lib/search-text";

/** Deep enough for 2.4 million businesses; keeps OFFSET (and a hand-typed page number) bounded. */
const MAX_PAGE = 100_000;

/**
 * The directory search (docs/product.md#searching): industry is All (absent) or one of the five, zip is a
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

const coordinate = (limit: number) => z.coerce.number().min(-limit).max(limit);

/** Near-me, radius and open-now parameters; anything malformed is dropped (the list is then unfiltered by it). */
function parseNear(params: URLSearchParams): Pick<DirectorySearch, "near" | "miles"> {
  const miles = Number(params.get("miles"));
  const radius: NearRadius = (NEAR_RADII as readonly number[]).includes(miles)
    ? (miles as NearRadius)
    : DEFAULT_NEAR_RADIUS;
  const zip = params.get("near")?.trim();
  if (zip && /^\d{5}$/.test(zip)) return { near: { zip }, miles: radius };
  const lat = coordinate(90).safeParse(params.get("lat") ?? undefined);
  const lng = coordinate(180).safeParse(params.get("lng") ?? undefined);
  if (lat.success && lng.success && params.get("lat") && params.get("lng")) {
    return { near: { lat: lat.data, lng: lng.data }, miles: radius };
  }
  return {};
}

/** Reads the search from a URL's query string; the one place it is interpreted. */
export function parseDirectorySearch(params: URLSearchParams): DirectorySearch {
  const base = DirectorySearchSchema.parse({
    industry: params.get("industry") ?? undefined,
    zip: params.get("zip") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  const search: DirectorySearch = { ...base, ...parseNear(params) };
  if (params.get("open") === "1") search.open = true;
  return search;
}
