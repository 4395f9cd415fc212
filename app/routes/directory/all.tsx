import { redirect } from "react-router";
import type { Route } from "./+types/all";
import { DirectoryHeader } from "~/components/directory/directory-header";
import { DirectoryListing } from "~/components/directory/directory-listing";
import { DirectorySearchDialog } from "~/components/directory/directory-search-dialog";
import { ALL_BUSINESSES_PATH, directoryListHref } from "~/lib/directory-search";
import { parseDirectorySearch } from "~/lib/directory-search-schema";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { loadDirectoryList } from "~/.server/businesses/directory";
import { getServicesFrom } from "~/.server/services";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false, islands: ["dialogs", "near-me"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const search = parseDirectorySearch(searchParams);
  // The search form sends its blank fields too (`?industry=&zip=913`): answer with the short, canonical URL.
  if ([...searchParams.values()].some((value) => value.trim() === "")) {
    throw redirect(directoryListHref(search));
  }
  const { db, env } = getServicesFrom(context);
  const { listing, nearest, now } = await loadDirectoryList(db, search, env.SITE_TIMEZONE);
  // A page past the end (businesses were removed since the link was shared) lands on the last page instead.
  if (search.page > listing.pageCount) {
    throw redirect(directoryListHref({ ...search, page: listing.pageCount }));
  }
  return { search, listing, nearest, now };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const search = loaderData?.search;
  const filtered = Boolean(search?.industry || search?.zip || search?.near || search?.open);
  const page = search?.page ?? 1;
  return seoMeta({
    title:
      page > 1
        ? `Local Shiners: All Businesses, Page ${page} | Local Shine`
        : "Local Shiners: All Businesses | Local Shine",
    description:
      "Browse every Local Shiner: the neighborhood cafés, mechanics, clinics, advisors and home-service pros who host a free Local Shine sanitizer kiosk. Search by industry or zip code.",
    // Filtered views are the same page to a search engine; unfiltered pages are each their own.
    path: filtered ? ALL_BUSINESSES_PATH : directoryListHref({ page }),
    appUrl: appUrlFrom(matches),
    image: loaderData?.listing.businesses.find((business) => business.imageUrl)?.imageUrl,
    noindex: filtered,
  });
};

export default function AllBusinesses({ loaderData }: Route.ComponentProps) {
  const { search, listing, nearest, now } = loaderData;
  return (
    <>
      <DirectoryHeader
        eyebrow="The Local Shine network"
        title="LOCAL SHINERS"
        intro={
          <p>
            The neighborhood businesses of the Local Shine network, newest partners first. Stop by, say hello,
            and mention Local Shine for their special offer.
          </p>
        }
        action={
          <DirectorySearchDialog
            key={JSON.stringify(search)}
            search={search}
            action={ALL_BUSINESSES_PATH}
            industry={search.industry}
            zip={search.zip}
          />
        }
      />
      <DirectoryListing listing={listing} search={search} nearest={nearest} now={now} />
    </>
  );
}
