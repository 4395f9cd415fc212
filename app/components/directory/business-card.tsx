import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Link } from "react-router";
import { industryTitle } from "~/lib/industries";
import { BusinessImage } from "./business-image";
import { RatingBadge } from "./rating-badge";
import { webUrl } from "~/lib/web-url";
import { formatMiles } from "~/lib/directory-search";
import type { WeeklyHours } from "~/lib/opening-hours";
import { KioskHostBadge, OpeningStatusLine, VerifiedOwnerBadge } from "./opening-status";

/** What a directory card shows (docs/product.md#directory-lists); the list query selects exactly these columns. */
export interface BusinessCardData {
  id: string;
  name: string;
  description: string | null;
  industry: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  website: string | null;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  offerText: string | null;
  hours: WeeklyHours | null;
  timeZone: string;
  kioskHost: boolean;
  ownerVerified: boolean;
  distanceMiles?: number;
}

/**
 * One directory card. The whole card is a single link to the business page (a stretched link on the name), so
 * the phone and the Website marker are plain text here: the business page has the real links.
 */
export function BusinessCard({
  business,
  eagerImage = false,
  now,
  from,
}: {
  business: BusinessCardData;
  eagerImage?: boolean;
  /** The moment the list was loaded (ISO): "Open now" is said for it, then for the browser's clock. */
  now: string | null;
  /** The list's URL, so the business page's back link returns to it. */
  from?: string;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-all focus-within:ring-[3px] focus-within:ring-ring/50 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
    >
      <div className="relative aspect-[40/21] overflow-hidden bg-secondary">
        <BusinessImage
          src={business.imageUrl}
          name={business.name}
          industry={business.industry}
          eager={eagerImage}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <RatingBadge
          rating={business.rating}
          reviewCount={business.reviewCount}
          className="absolute top-3 right-3"
        />
        {business.kioskHost ? <KioskHostBadge className="absolute top-3 left-3" /> : null}
        {business.distanceMiles !== undefined ? (
          <span
            data-testid="distance"
            className="absolute bottom-3 left-3 rounded-full bg-background/90 px-2.5 py-0.5 text-xs font-semibold text-ink"
          >
            {formatMiles(business.distanceMiles)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            {industryTitle(business.industry)}
          </p>
          <h2 id={titleId} className="mt-1 text-lg leading-snug font-bold text-ink">
            <Link
              to={`/business/${business.id}`}
              state={from ? { from } : undefined}
              className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
            >
              {business.name}
            </Link>
          </h2>
        </div>
        {business.ownerVerified ? <VerifiedOwnerBadge /> : null}
        <OpeningStatusLine hours={business.hours} timeZone={business.timeZone} serverNow={now} />
        {business.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{business.description}</p>
        ) : null}
        <ul className="space-y-1.5 text-sm text-foreground/80">
          <li className="flex items-start gap-2">
            <Icon name="map-pin" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {business.city}, {business.state} {business.zipCode}
            </span>
          </li>
          {business.phone ? (
            <li className="flex items-start gap-2">
              <Icon name="phone" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{business.phone}</span>
            </li>
          ) : null}
          {webUrl(business.website) ? (
            <li className="flex items-start gap-2">
              <Icon name="globe" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>Website</span>
            </li>
          ) : null}
        </ul>
        {business.offerText ? (
          <p className="mt-auto flex items-start gap-2 rounded-lg bg-sun/20 px-3 py-2.5 text-sm font-medium text-ink">
            <Icon name="tag" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink/70" />
            <span className="line-clamp-3">{business.offerText}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}
