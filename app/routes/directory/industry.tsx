import { redirect } from "react-router";
import type { Route } from "./+types/industry";
import { DirectoryHeader } from "~/components/directory/directory-header";
import { DirectoryListing } from "~/components/directory/directory-listing";
import { DirectorySearchDialog } from "~/components/directory/directory-search-dialog";
import { IndustryIcon } from "~/components/directory/industry-icon";
import { directoryListHref, industryListPath, searchResultsHref } from "~/lib/directory-search";
import { parseDirectorySearch } from "~/lib/directory-search-schema";
import { INDUSTRIES } from "~/lib/industries";
import { notFound } from "~/lib/not-found";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { loadDirectoryList } from "~/.server/businesses/directory";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false, islands: ["dialogs", "near-me"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { searchParams, pathname } = new URL(request.url);
  const industry = INDUSTRIES.find((candidate) => candidate.id === params.industry);
  if (!industry) {
    // docs/product.md#not-found: an unknown path is logged and answered with the 404 page.
    getRequestInfo(context).log.warn({ path: pathname }, "unknown path");
    notFound();
  }
  // The search form sends `industry`; here the industry lives in the path, so a search (made without JavaScript)
  // is redirected to its canonical URL: this page, another industry's page, or the all page.
  if (searchParams.has("industry")) {
    throw redirect(searchResultsHref(parseDirectorySearch(searchParams), industry.id));
  }

  const { industry: _ignored, ...search } = parseDirectorySearch(searchParams);
  const { db, env } = getServicesFrom(context);
  const { listing, nearest, now } = await loadDirectoryList(
    db,
    { ...search, industry: industry.id },
    env.SITE_TIMEZONE,
  );
  if (search.page > listing.pageCount) {
    throw redirect(directoryListHref({ ...search, page: listing.pageCount }, industry.id));
  }
  return { industry, search, listing, nearest, now };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { industry, search, listing } = loaderData;
  const pageSuffix = search.page > 1 ? `, Page ${search.page}` : "";
  return seoMeta({
    title: `${industry.title} Businesses${pageSuffix} | Local Shiners | Local Shine`,
    description: `${industry.title} businesses in the Local Shine network, each hosting a free sanitizer kiosk. ${industry.description}`,
    path:
      search.zip || search.near || search.open
        ? industryListPath(industry.id)
        : directoryListHref({ page: search.page }, industry.id),
    appUrl: appUrlFrom(matches),
    image: listing.businesses.find((business) => business.imageUrl)?.imageUrl,
    noindex: Boolean(search.zip || search.near || search.open),
  });
};

export default function IndustryBusinesses({ loaderData }: Route.ComponentProps) {
  const { industry, search, listing, nearest, now } = loaderData;
  return (
    <>
      <DirectoryHeader
        backLink={{ to: "/local-shiners", label: "All industries" }}
        eyebrow="Local Shiners"
        title={industry.title}
        icon={<IndustryIcon industry={industry.id} className="size-7" />}
        intro={<p>{industry.description}</p>}
        action={
          <DirectorySearchDialog
            key={JSON.stringify(search)}
            search={search}
            action={industryListPath(industry.id)}
            industry={industry.id}
            zip={search.zip}
          />
        }
      />
      <DirectoryListing
        listing={listing}
        search={search}
        pageIndustry={industry.id}
        nearest={nearest}
        now={now}
      />
    </>
  );
}
