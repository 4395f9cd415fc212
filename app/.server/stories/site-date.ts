/**
 * Today's calendar date (YYYY-MM-DD) in the site's time zone (SITE_TIMEZONE). A story is published when its
 * publish_date is on or before this date (spec §4), so every public query compares against it.
 */
export function siteToday(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
