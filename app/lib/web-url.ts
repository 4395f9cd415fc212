/**
 * A business's website as a link target, or null when it isn't an http(s) URL. Stored values come from forms,
 * seeds and imports, so a `javascript:` or `data:` URL must never reach an href (docs/security.md#input).
 */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The host a visitor recognises ("valleybright.example"), for link text. */
export function displayHost(href: string): string {
  return new URL(href).host.replace(/^www\./, "");
}

/** A `tel:` href from a phone as people write it: "(818) 555-0101" → "tel:8185550101". */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits.replace(/\D/g, "").length >= 3 ? `tel:${digits}` : null;
}

/** Directions to an address in the visitor's map app (Google Maps' documented URL scheme; no key, no script). */
export function directionsHref(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** The contact actions a business page counts (docs/product.md#results). */
export const CONTACT_ACTIONS = ["call", "website", "email", "directions"] as const;
export type ContactAction = (typeof CONTACT_ACTIONS)[number];

/** Where a contact link goes through to be counted: `/go/{business}/{action}` (a redirect, or a ping for tel/mailto). */
export function contactCountPath(businessId: string, action: ContactAction): string {
  return `/go/${businessId}/${action}`;
}
/**
 * A website as people type it ("patsbakery.com") made into the full address stored and linked
 * ("https://patsbakery.com"); a value that already has a scheme is left as typed, for the check to judge.
 */
export function withWebScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
}

/** The one message for a website that is not one, in every form that asks for a website. */
export const INVALID_WEBSITE_MESSAGE =
  "Please enter a valid website address, such as https://yourbusiness.com";
