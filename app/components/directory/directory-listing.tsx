import { Icon } from "~/components/ui/icon";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ALL_BUSINESSES_PATH, directoryListHref, type DirectorySearch } from "~/lib/directory-search";
import { industryTitle, type IndustryId } from "~/lib/industries";
import { BusinessCard, type BusinessCardData } from "./business-card";
import { DirectoryPagination } from "./directory-pagination";

export interface DirectoryListingData {
  businesses: BusinessCardData[];
  total: number;
  page: number;
  pageCount: number;
}

/** docs/product.md#directory-lists: 'Showing N ... businesses', N being every match, not just this page. */
export function showingLine(total: number, industry?: IndustryId, zip?: string): string {
  const kind = industry ? industryTitle(industry) : "local";
  const noun = total === 1 ? "business" : "businesses";
  const where = zip ? ` with a zip code matching “${zip}”` : "";
  return `Showing ${total.toLocaleString("en-US")} ${kind} ${noun}${where}`;
}

/** The cards, count line, empty state and page links shared by the all page and the industry pages. */
export function DirectoryListing({
  listing,
  search,
  pageIndustry,
}: {
  listing: DirectoryListingData;
  search: DirectorySearch;
  pageIndustry?: IndustryId;
}) {
  const navigation = useNavigation();
  const basePath = pageIndustry ? `/local-shiners/${pageIndustry}` : ALL_BUSINESSES_PATH;
  // A new search or page of this same list is loading: keep the cards, dimmed, until it arrives.
  const refreshing = navigation.state === "loading" && navigation.location.pathname === basePath;
  const industry = pageIndustry ?? search.industry;

  return (
    <section aria-label="Businesses" className="container-page py-10">
      <p role="status" className="text-sm font-medium text-muted-foreground">
        {showingLine(listing.total, industry, search.zip)}
        {listing.pageCount > 1 ? (
          <span>
            {" "}
            · Page {listing.page} of {listing.pageCount.toLocaleString("en-US")}
          </span>
        ) : null}
      </p>

      {listing.businesses.length > 0 ? (
        <>
          <div
            aria-busy={refreshing}
            className={cn(
              "mt-5 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3",
              refreshing && "opacity-60",
            )}
          >
            {listing.businesses.map((business, index) => (
              <BusinessCard key={business.id} business={business} eagerImage={index < 3} />
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
        <NoBusinessesFound />
      )}
    </section>
  );
}

function NoBusinessesFound() {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed bg-muted/40 px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon name="search-x" className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-2xl font-bold text-ink">No businesses found</h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        No Local Shiners match this search yet. Try another zip code or industry, or browse the whole network.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={ALL_BUSINESSES_PATH}>Show All Businesses</Link>
      </Button>
    </div>
  );
}
