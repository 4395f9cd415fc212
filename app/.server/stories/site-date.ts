/** One formatter per time zone: building an Intl.DateTimeFormat is far costlier than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's calendar date (YYYY-MM-DD) in the site's time zone (SITE_TIMEZONE). A story is published when its
 * publish_date is on or before this date (docs/product.md#publishing), so every public query compares against it.
 */
export function siteToday(timeZone: string, now: Date = new Date()): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}
