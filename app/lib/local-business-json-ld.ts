import { absoluteUrl } from "~/lib/seo";
import { webUrl } from "~/lib/web-url";
import { openingHoursSpecification, type WeeklyHours } from "~/lib/opening-hours";

export interface LocalBusinessFacts {
  id: string;
  name: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  hours?: WeeklyHours | null;
}

/**
 * schema.org LocalBusiness for a business page (docs/product.md#search-engines): name, address, telephone,
 * url (the business's own website, else its page here), image, and aggregateRating only when there are reviews.
 * Rendered through `meta`'s "script:ld+json", which escapes `<`, `>` and `&` as \u003c etc., so text such as
 * "</script>" in a business's data can't end the script element.
 */
export function localBusinessJsonLd(business: LocalBusinessFacts, appUrl: string) {
  const page = absoluteUrl(appUrl, `/business/${business.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": page,
    name: business.name,
    ...(business.description ? { description: business.description } : {}),
    url: webUrl(business.website) ?? page,
    ...(business.imageUrl ? { image: absoluteUrl(appUrl, business.imageUrl) } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.email ? { email: business.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address,
      addressLocality: business.city,
      addressRegion: business.state,
      postalCode: business.zipCode,
      addressCountry: "US",
    },
    ...(business.hours ? { openingHoursSpecification: openingHoursSpecification(business.hours) } : {}),
    ...(business.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: business.rating,
            reviewCount: business.reviewCount,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
  };
}
