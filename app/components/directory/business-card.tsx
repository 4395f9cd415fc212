import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Link } from "react-router";
import { industryTitle } from "~/lib/industries";
import { BusinessImage } from "./business-image";
import { RatingBadge } from "./rating-badge";
import { webUrl } from "~/lib/web-url";

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
}

/**
 * One directory card. The whole card is a single link to the business page (a stretched link on the name), so
 * the phone and the Website marker are plain text here: the business page has the real links.
 */
export function BusinessCard({
  business,
  eagerImage = false,
}: {
  business: BusinessCardData;
  eagerImage?: boolean;
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
          eager={eagerImage}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <RatingBadge
          rating={business.rating}
          reviewCount={business.reviewCount}
          className="absolute top-3 right-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            {industryTitle(business.industry)}
          </p>
          <h2 id={titleId} className="mt-1 text-lg leading-snug font-bold text-ink">
            <Link
              to={`/business/${business.id}`}
              className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
            >
              {business.name}
            </Link>
          </h2>
        </div>
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
