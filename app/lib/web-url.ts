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
