import { Icon } from "~/components/ui/icon";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  activeFilters,
  ALL_BUSINESSES_PATH,
  DEFAULT_NEAR_RADIUS,
  directoryListHref,
  type DirectorySearch,
} from "~/lib/directory-search";
import { industryTitle, type IndustryId } from "~/lib/industries";
import { BusinessCard, type BusinessCardData } from "./business-card";
import { DirectoryPagination } from "./directory-pagination";

export interface DirectoryListingData {
  businesses: BusinessCardData[];
  unknownOrigin?: boolean;
  totalCapped?: boolean;
  total: number;
  page: number;
  pageCount: number;
}

/** docs/product.md#directory-lists: 'Showing N ... businesses', N being every match, not just this page. */
export function showingLine(
  total: number,
  industry?: IndustryId,
  zip?: string,
  extra: Pick<DirectorySearch, "near" | "miles" | "open"> & { capped?: boolean } = {},
): string {
  const kind = industry ? industryTitle(industry) : "local";
  const noun = total === 1 ? "business" : "businesses";
  const where = zip ? ` with a zip code matching “${zip}”` : "";
  const open = extra.open ? " open now" : "";
  const near = extra.near
    ? ` within ${extra.miles ?? DEFAULT_NEAR_RADIUS} mi of ${"zip" in extra.near ? extra.near.zip : "your location"}, nearest first`
    : "";
  const count = `${total.toLocaleString("en-US")}${extra.capped ? "+" : ""}`;
  return `Showing ${count} ${kind} ${noun}${open}${where}${near}`;
}

/** The cards, count line, empty state and page links shared by the all page and the industry pages. */
export function DirectoryListing({
  listing,
  search,
  pageIndustry,
  nearest = [],
  now,
}: {
  listing: DirectoryListingData;
  search: DirectorySearch;
  pageIndustry?: IndustryId;
  /** A near-me search with no results: the closest listings at any distance. */
  nearest?: BusinessCardData[];
  now: string | null;
}) {
  const navigation = useNavigation();
  const basePath = pageIndustry ? `/local-shiners/${pageIndustry}` : ALL_BUSINESSES_PATH;
  // A new search or page of this same list is loading: keep the cards, dimmed, until it arrives.
  const refreshing = navigation.state === "loading" && navigation.location.pathname === basePath;
  const industry = pageIndustry ?? search.industry;

  return (
    <section aria-label="Businesses" className="container-page py-10">
      <p role="status" className="text-sm font-medium text-muted-foreground">
        {showingLine(listing.total, industry, search.zip, { ...search, capped: listing.totalCapped })}
        {listing.pageCount > 1 ? (
          <span>
            {" "}
            · Page {listing.page} of {listing.pageCount.toLocaleString("en-US")}
          </span>
        ) : null}
      </p>
      <FilterChips search={search} pageIndustry={pageIndustry} />

      {listing.businesses.length > 0 ? (
        <>
          <div
            aria-busy={refreshing}
            className={cn(
              "mt-5 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3",
              refreshing && "opacity-60",
            )}
          >
            {/* Only the first image is fetched first: on a phone it is the only one on screen, and three
                at high priority would share a slow connection (the others load as soon as they are in view). */}
            {listing.businesses.map((business, index) => (
              <BusinessCard
                key={business.id}
                business={business}
                eagerImage={index === 0}
                now={now}
                from={directoryListHref(search, pageIndustry)}
              />
            ))}
          </div>
          <div className="mt-10">
            <DirectoryPagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(page) => directoryListHref({ ...search, page }, pageIndustry)}
            />
          </div>
        </>
      ) : (
        <>
          <NoBusinessesFound unknownOrigin={listing.unknownOrigin} />
          {nearest.length > 0 ? (
            <section aria-labelledby="nearest-title" className="mt-10">
              <h2 id="nearest-title" className="text-xl font-bold text-ink">
                The nearest Local Shiners
              </h2>
              <div className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {nearest.map((business) => (
                  <BusinessCard key={business.id} business={business} now={now} />
                ))}
              </div>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Active filters as chips; each link is the same list without that filter. */
function FilterChips({ search, pageIndustry }: { search: DirectorySearch; pageIndustry?: IndustryId }) {
  const chips = activeFilters(search, pageIndustry);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="mt-3 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.clearHref}
            aria-label={`Remove filter: ${chip.label}`}
            className="inline-flex items-center gap-1.5 rounded-full border bg-secondary px-3 py-1 text-sm font-medium hover:border-primary"
          >
            {chip.label}
            <Icon name="x" aria-hidden="true" className="size-3.5" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NoBusinessesFound({ unknownOrigin = false }: { unknownOrigin?: boolean }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed bg-muted/40 px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon name="search-x" className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-2xl font-bold text-ink">No businesses found</h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        {unknownOrigin
          ? "We don't know where that zip code is. Try another one, or use your location."
          : "No Local Shiners match this search yet. Try another zip code or industry, or browse the whole network."}
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={ALL_BUSINESSES_PATH}>Show All Businesses</Link>
      </Button>
    </div>
  );
}
