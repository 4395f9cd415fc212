import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Route } from "./+types/business";
import { ContactInformation, ReadyToConnect } from "~/components/directory/business-contact";
import { BusinessImage } from "~/components/directory/business-image";
import { BusinessValueSection, MeetTheOwner } from "~/components/directory/business-sections";
import { RatingBadge, reviewCountLabel } from "~/components/directory/rating-badge";
import { Button } from "~/components/ui/button";
import { industryListPath } from "~/lib/directory-search";
import { industryTitle, isIndustryId } from "~/lib/industries";
import { localBusinessJsonLd } from "~/lib/local-business-json-ld";
import { notFound } from "~/lib/not-found";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { getBusiness } from "~/.server/businesses/directory";
import { getServicesFrom } from "~/.server/services";

export async function loader({ params, context }: Route.LoaderArgs) {
  const business = await getBusiness(getServicesFrom(context).db, params.id);
  // Missing and malformed ids look the same to a visitor: 'Business not found'.
  if (!business) notFound("business");
  return { business };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const business = loaderData?.business;
  if (!business) return [];
  const appUrl = appUrlFrom(matches);
  const place = `${business.city}, ${business.state}`;
  return [
    ...seoMeta({
      title: `${business.name} in ${place} | Local Shiners | Local Shine`,
      description: summary(
        business.description ??
          `${business.name}, a ${industryTitle(business.industry)} business in ${place} and a proud Local Shine partner.`,
      ),
      path: `/business/${business.id}`,
      appUrl,
      image: business.imageUrl,
      imageAlt: business.name,
    }),
    { "script:ld+json": localBusinessJsonLd(business, appUrl) },
  ];
};

/** Search snippets stop around 160 characters: end on a word, not mid-word. */
function summary(text: string, max = 160) {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { business } = loaderData;
  const industry = industryTitle(business.industry);
  const backTo = isIndustryId(business.industry) ? industryListPath(business.industry) : "/local-shiners";

  return (
    <article className="container-page max-w-6xl py-8 sm:py-12">
      <Button asChild variant="ghost" className="-ml-3 text-primary hover:text-primary">
        <Link to={backTo}>
          <Icon name="arrow-left" aria-hidden="true" />
          Back to {industry}
        </Link>
      </Button>

      <div className="mt-4 grid items-center gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-12">
        {/* 1200×630 is the shape of listing images (and of link previews), so the banner keeps it. */}
        <div className="relative aspect-[40/21] overflow-hidden rounded-2xl bg-secondary shadow-sm">
          <BusinessImage
            src={business.imageUrl}
            name={business.name}
            layout="banner"
            eager
            initialClassName="text-8xl sm:text-9xl"
          />
        </div>
        <header>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-semibold tracking-wide text-primary uppercase">{industry}</span>
            <RatingBadge rating={business.rating} reviewCount={business.reviewCount} className="text-sm" />
            <span className="text-muted-foreground">{reviewCountLabel(business.reviewCount)}</span>
          </div>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl">{business.name}</h1>
          {business.description ? (
            <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-foreground/85">
              {business.description}
            </p>
          ) : null}
          {business.offerText ? (
            <p className="mt-6 flex items-start gap-3 rounded-xl border border-sun/60 bg-sun/20 px-5 py-4 font-medium text-ink">
              <Icon name="tag" className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                <span className="sr-only">Special offer: </span>
                {business.offerText}
              </span>
            </p>
          ) : null}
        </header>
      </div>

      <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          {business.ownerName ? (
            <MeetTheOwner
              ownerName={business.ownerName}
              ownerBio={business.ownerBio}
              ownerImageUrl={business.ownerImageUrl}
            />
          ) : null}
          {business.qualityDescription ? (
            <BusinessValueSection kind="quality" text={business.qualityDescription} />
          ) : null}
          {business.communityDescription ? (
            <BusinessValueSection kind="community" text={business.communityDescription} />
          ) : null}
        </div>
        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <ContactInformation business={business} />
          <ReadyToConnect business={business} />
        </aside>
      </div>
    </article>
  );
}
