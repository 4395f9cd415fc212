// Weekly opening hours of a listing and "open now" (docs/product.md#opening-hours). Shared by the server (the
// directory's filter, JSON-LD) and the pages (cards, the business page, the listing dialog); no server imports.

/** Days as JavaScript numbers them: 0 is Sunday. */
export const WEEK_DAYS = [
  { key: "sun", label: "Sunday", short: "Sun", schema: "Sunday" },
  { key: "mon", label: "Monday", short: "Mon", schema: "Monday" },
  { key: "tue", label: "Tuesday", short: "Tue", schema: "Tuesday" },
  { key: "wed", label: "Wednesday", short: "Wed", schema: "Wednesday" },
  { key: "thu", label: "Thursday", short: "Thu", schema: "Thursday" },
  { key: "fri", label: "Friday", short: "Fri", schema: "Friday" },
  { key: "sat", label: "Saturday", short: "Sat", schema: "Saturday" },
] as const;

export type DayKey = (typeof WEEK_DAYS)[number]["key"];

/**
 * One span of a day, "HH:MM" in the business's own time zone. `closes` at or before `opens` runs past midnight into
 * the next day ("18:00"–"02:00"); "00:00"–"24:00" is open all day.
 */
export interface HoursSpan {
  opens: string;
  closes: string;
}

/** Every day of the week; an empty list is a closed day. */
export type WeeklyHours = Record<DayKey, HoursSpan[]>;

export const MAX_SPANS_PER_DAY = 3;
const MINUTES_PER_DAY = 24 * 60;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" (00:00–23:59, or "24:00" as a closing time) in minutes from midnight, or null. */
export function parseTime(value: string, { closing = false } = {}): number | null {
  if (closing && value === "24:00") return MINUTES_PER_DAY;
  const match = TIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A span as minutes from its day's midnight; a span past midnight closes after 1440. */
export function spanMinutes(span: HoursSpan): { opens: number; closes: number } | null {
  const opens = parseTime(span.opens);
  const closes = parseTime(span.closes, { closing: true });
  if (opens === null || closes === null) return null;
  return { opens, closes: closes <= opens ? closes + MINUTES_PER_DAY : closes };
}

/** Why these hours cannot be saved, or null. */
export function hoursProblem(hours: WeeklyHours): string | null {
  for (const day of WEEK_DAYS) {
    const spans = hours[day.key];
    if (spans.length > MAX_SPANS_PER_DAY) return `${day.label}: at most ${MAX_SPANS_PER_DAY} spans a day`;
    const minutes = [];
    for (const span of spans) {
      const parsed = spanMinutes(span);
      if (!parsed) return `${day.label}: enter times like 09:00 and 17:30`;
      if (parsed.opens === parsed.closes - MINUTES_PER_DAY && span.closes !== "24:00") {
        return `${day.label}: opening and closing times must differ (use "Open 24 hours")`;
      }
      minutes.push(parsed);
    }
    minutes.sort((a, b) => a.opens - b.opens);
    for (let i = 1; i < minutes.length; i++) {
      if (minutes[i]!.opens < minutes[i - 1]!.closes) return `${day.label}: spans overlap`;
    }
  }
  return null;
}

export const OPEN_ALL_DAY: HoursSpan = { opens: "00:00", closes: "24:00" };

export const isOpenAllDay = (spans: HoursSpan[]) =>
  spans.length === 1 && spans[0]!.opens === "00:00" && spans[0]!.closes === "24:00";

/** Weekday (0 = Sunday) and minutes since midnight of `at` on the clocks of `timeZone`. */
export function localWeekTime(timeZone: string, at: Date): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = WEEK_DAYS.findIndex((d) => d.short === part("weekday"));
  return { day, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/**
 * Every span of the week as [start, end) minutes from Sunday midnight, local time; a span past Saturday midnight
 * wraps to Sunday morning.
 */
export function weekIntervals(hours: WeeklyHours): [number, number][] {
  const intervals: [number, number][] = [];
  WEEK_DAYS.forEach((day, index) => {
    for (const span of hours[day.key] ?? []) {
      const parsed = spanMinutes(span);
      if (!parsed) continue;
      const start = index * MINUTES_PER_DAY + parsed.opens;
      const end = index * MINUTES_PER_DAY + parsed.closes;
      const week = 7 * MINUTES_PER_DAY;
      if (end <= week) intervals.push([start, end]);
      else intervals.push([start, week], [0, end - week]);
    }
  });
  return intervals;
}

/** The same spans per weekday, split at midnight: what the database's "open now" index holds. */
export function daySpans(hours: WeeklyHours): { day: number; opensAt: number; closesAt: number }[] {
  return weekIntervals(hours).flatMap(([start, end]) => {
    const rows = [];
    for (let cursor = start; cursor < end;) {
      const day = Math.floor(cursor / MINUTES_PER_DAY);
      const dayEnd = (day + 1) * MINUTES_PER_DAY;
      const stop = Math.min(end, dayEnd);
      rows.push({ day, opensAt: cursor - day * MINUTES_PER_DAY, closesAt: stop - day * MINUTES_PER_DAY });
      cursor = stop;
    }
    return rows;
  });
}

/**
 * Whether a business with these weekly `hours`, read on the clocks of `timeZone` (IANA), is open at the instant
 * `at`. No hours (null) is never open. A span past midnight counts on the next day too.
 */
export function isOpenAt(hours: WeeklyHours | null | undefined, timeZone: string, at: Date): boolean {
  if (!hours) return false;
  const { day, minute } = localWeekTime(timeZone, at);
  const now = day * MINUTES_PER_DAY + minute;
  return weekIntervals(hours).some(([start, end]) => start <= now && now < end);
}

/** "9 AM", "5:30 PM", "midnight". */
export function formatClock(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (minutes === 0) return "midnight";
  if (minutes === 720) return "noon";
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "AM" : "PM"}`;
}

export interface OpeningStatus {
  open: boolean;
  /** "Open now · closes 6 PM", "Open 24 hours", "Closed · opens tomorrow 9 AM", "Closed · opens Monday 9 AM". */
  label: string;
}

/** What a card and the business page say about now; null when the listing has no hours. */
export function openingStatus(
  hours: WeeklyHours | null | undefined,
  timeZone: string,
  at: Date,
): OpeningStatus | null {
  if (!hours) return null;
  const week = 7 * MINUTES_PER_DAY;
  const { day, minute } = localWeekTime(timeZone, at);
  const now = day * MINUTES_PER_DAY + minute;
  // Join touching intervals (a span to midnight followed by one from midnight) so "closes" is the real closing.
  const intervals = weekIntervals(hours).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of intervals) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  if (merged.length > 1 && merged[0]![0] === 0 && merged.at(-1)![1] === week) {
    merged.at(-1)![1] = week + merged.shift()![1];
  }
  if (merged.length === 1 && merged[0]![1] - merged[0]![0] >= week)
    return { open: true, label: "Open 24 hours" };
  const current = merged.find(
    ([start, end]) => (start <= now && now < end) || (start <= now + week && now + week < end),
  );
  if (current) {
    const closes = current[1] % week;
    // Closing within a day is just its time ("closes 2 AM" late at night); later ones name the day.
    const untilClose = current[1] - (current[0] <= now ? now : now + week);
    const when =
      untilClose < MINUTES_PER_DAY ? formatClock(closes % MINUTES_PER_DAY) : whenLabel(now, closes);
    return { open: true, label: `Open now · closes ${when}` };
  }
  if (merged.length === 0) return { open: false, label: "Closed" };
  const next = merged.find(([start]) => start > now) ?? merged[0]!;
  return { open: false, label: `Closed · opens ${whenLabel(now, next[0] % week)}` };
}

/** A time in the coming week as seen from `now`: "6 PM" today, "tomorrow 9 AM", else "Monday 9 AM". */
function whenLabel(now: number, target: number): string {
  const week = 7 * MINUTES_PER_DAY;
  const today = Math.floor(now / MINUTES_PER_DAY);
  const ahead = target >= now ? target : target + week;
  const dayOffset = Math.floor(ahead / MINUTES_PER_DAY) - today;
  const clock = formatClock(target % MINUTES_PER_DAY);
  if (dayOffset === 0) return clock;
  if (dayOffset === 1) return `tomorrow ${clock}`;
  return `${WEEK_DAYS[Math.floor(target / MINUTES_PER_DAY) % 7]!.label} ${clock}`;
}

/** The week as the business page lists it: "9 AM – 5 PM, 6 PM – 2 AM", "Open 24 hours", "Closed". */
export function describeDay(spans: HoursSpan[]): string {
  if (spans.length === 0) return "Closed";
  if (isOpenAllDay(spans)) return "Open 24 hours";
  return spans
    .map((span) => {
      const parsed = spanMinutes(span);
      return parsed ? `${formatClock(parsed.opens)} – ${formatClock(parsed.closes)}` : "";
    })
    .join(", ");
}

/** schema.org `openingHoursSpecification` for the JSON-LD: one entry per span (closing "23:59" for all day). */
export function openingHoursSpecification(hours: WeeklyHours) {
  return WEEK_DAYS.flatMap((day) =>
    hours[day.key].map((span) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${day.schema}`,
      opens: span.opens,
      closes: span.closes === "24:00" ? "23:59" : span.closes,
    })),
  );
}

export const emptyWeek = (): WeeklyHours =>
  Object.fromEntries(WEEK_DAYS.map((day) => [day.key, []])) as unknown as WeeklyHours;
