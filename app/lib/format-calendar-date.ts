const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * A calendar date (YYYY-MM-DD, e.g. a story's publish_date) in en-US long format: "November 3, 2026"
 * (docs/product.md#dates-and-numbers). The date is read as a calendar day, not an instant, so no time zone can shift it
 * to the day before.
 */
export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return LONG_DATE.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
}
