import { Icon } from "~/components/ui/icon";
import { Link, useLocation } from "react-router";
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
import { getBusiness, pageMoment } from "~/.server/businesses/directory";
import { KioskHostBadge, OpeningStatusLine, VerifiedOwnerBadge } from "~/components/directory/opening-status";
import { describeDay, WEEK_DAYS, type WeeklyHours } from "~/lib/opening-hours";
import { getServicesFrom } from "~/.server/services";
import { getViewer } from "~/.server/auth/guards";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { claimStateFor, confirmClaimCode, requestClaim } from "~/.server/businesses/claims";
import { CLAIM_TOASTS, ClaimSchema } from "~/lib/business-schemas";
import { errorsUnder } from "~/lib/form-submission";
import { ClaimListing } from "~/components/directory/claim-listing";
import { listStoriesAboutBusiness } from "~/.server/stories/public-stories";
import { BusinessStories } from "~/components/directory/business-stories";
import type { PageHandle } from "~/lib/page-handle";
import { seenThisMonth } from "~/lib/network-figures";
import { readListingPlaysThisMonth } from "~/.server/results/network-figures";
import type { IslandAttrs } from "~/islands/contract";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false, islands: ["back-link"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServicesFrom(context);
  const { db, env } = services;
  const [business, stories] = await Promise.all([
    getBusiness(db, params.id, { siteTimeZone: env.SITE_TIMEZONE }),
    listStoriesAboutBusiness(services, params.id),
  ]);
  // Missing, malformed and unpublished ids look the same to a visitor: 'Business not found'.
  if (!business) notFound("business");
  // docs/product.md#one-business: only when the owner chose to show it, and only once the ads have played.
  const plays = business.showKioskPlays
    ? await readListingPlaysThisMonth(db, business.id, {
        timeZone: env.SITE_TIMEZONE,
        rawDays: env.RESULTS_RAW_DAYS,
      })
    : 0;
  // Claims (docs/product.md#claims): only a claimable listing asks who is looking.
  const viewer = business.claimable ? await getViewer(request, context) : null;
  const claim = business.claimable
    ? {
        signedIn: Boolean(viewer),
        state: viewer ? await claimStateFor(db, viewer, business.id) : ("none" as const),
      }
    : null;
  return {
    business,
    claim,
    stories,
    seen: plays > 0 ? seenThisMonth(plays) : null,
    now: pageMoment(new Date(), [business]),
  };
}

/** The claim forms: ask to claim (a code is emailed, or an admin decides), then type the code. Signed in only. */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: ClaimSchema,
    failed: CLAIM_TOASTS.failed,
    async act(input, { viewer, services, log }) {
      const id = args.params.id;
      if (input.intent === "claim") {
        const result = await requestClaim(services, viewer, id);
        if (!result.ok) {
          log.info({ status: result.status, userId: viewer.id, businessId: id }, "claim refused");
          return formReply(
            { ok: false, toast: { ...CLAIM_TOASTS.failed, description: result.message } },
            result.status,
          );
        }
        return formReply({
          ok: true,
          intent: "claim",
          id,
          toast:
            result.method === "email"
              ? { ...CLAIM_TOASTS.codeSent, description: `Sent to ${result.sentTo}` }
              : CLAIM_TOASTS.awaitingAdmin,
        });
      }
      const result = await confirmClaimCode(services, viewer, id, input.code);
      if (!result.ok) {
        return formReply({ ok: false, result: errorsUnder(["code"], result.message) }, result.status);
      }
      return formReply({ ok: true, intent: "confirm-claim", id, toast: CLAIM_TOASTS.verified });
    },
  });
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
  const { business, claim, stories, seen, now } = loaderData;
  const industry = industryTitle(business.industry);
  // Back to the list the visitor came from (its filters and page), else the business's industry.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const cameFrom = typeof from === "string" && from.startsWith("/local-shiners") ? from : null;
  const backTo =
    cameFrom ?? (isIndustryId(business.industry) ? industryListPath(business.industry) : "/local-shiners");

  return (
    <article className="container-page max-w-6xl py-8 sm:py-12">
      <Button asChild variant="ghost" className="-ml-3 text-primary hover:text-primary">
        {/* Visitors' pages have no React: the back-link island points the link at the list they came from. */}
        <Link to={backTo} {...({ "data-back-to-list": cameFrom ? undefined : "" } satisfies IslandAttrs)}>
          <Icon name="arrow-left" aria-hidden="true" />
          <span {...({ "data-back-label": "" } satisfies IslandAttrs)}>
            {cameFrom ? "Back to the list" : `Back to ${industry}`}
          </span>
        </Link>
      </Button>

      <div className="mt-4 grid items-center gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-12">
        {/* 1200×630 is the shape of listing images (and of link previews), so the banner keeps it. */}
        <div className="relative aspect-[40/21] overflow-hidden rounded-2xl bg-secondary shadow-sm">
          <BusinessImage
            src={business.imageUrl}
            name={business.name}
            industry={business.industry}
            layout="banner"
            eager
            initialClassName="size-28 text-3xl sm:size-36 sm:text-4xl"
          />
        </div>
        <header>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-semibold tracking-wide text-primary uppercase">{industry}</span>
            <RatingBadge rating={business.rating} reviewCount={business.reviewCount} className="text-sm" />
            <span className="text-muted-foreground">{reviewCountLabel(business.reviewCount)}</span>
            {business.kioskHost ? <KioskHostBadge /> : null}
            {business.ownerVerified ? <VerifiedOwnerBadge /> : null}
          </div>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl">{business.name}</h1>
          <OpeningStatusLine
            hours={business.hours}
            timeZone={business.timeZone}
            serverNow={now}
            className="mt-3 text-base"
          />
          {seen ? (
            <p className="mt-2 flex items-center gap-2 text-base font-medium text-ink">
              <Icon name="monitor-play" className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {seen}
            </p>
          ) : null}
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
          {business.hours ? <OpeningHoursTable hours={business.hours} /> : null}
          <ClaimListing businessId={business.id} claim={claim} />
          <ReadyToConnect business={business} />
        </aside>
      </div>
      <BusinessStories name={business.name} stories={stories} />
      {/* The view counter (docs/product.md#results): the page stays cacheable, this image never is. */}
      <img
        src={`/business/${business.id}/seen`}
        alt=""
        width={1}
        height={1}
        aria-hidden="true"
        className="pointer-events-none absolute size-px opacity-0"
      />
    </article>
  );
}

/** The week's hours, Monday first, in the business's own time. */
function OpeningHoursTable({ hours }: { hours: WeeklyHours }) {
  const week = [...WEEK_DAYS.slice(1), WEEK_DAYS[0]];
  return (
    <section aria-labelledby="hours-title" className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="hours-title" className="text-lg font-bold text-ink">
        Opening Hours
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {week.map((day) => (
          <div key={day.key} className="contents">
            <dt className="font-medium">{day.label}</dt>
            <dd className="text-muted-foreground">{describeDay(hours[day.key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
