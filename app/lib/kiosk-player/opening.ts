import {
  formatClock,
  isOpenAt,
  localWeekTime,
  WEEK_DAYS,
  weekIntervals,
  type WeeklyHours,
} from "~/lib/opening-hours";

// When a screen sleeps (docs/product.md#sleep-outside-opening-hours): dark outside its host's weekly opening hours,
// read on the clocks of the hours' time zone. The manifest carries the hours and the zone (not instants), so a
// screen offline for weeks still sleeps and wakes on time; the server reads the same rules for the fleet page and
// the offline alerts. Pure: shared by the player and the server.

/** A screen's opening hours as its manifest carries them; null: it never sleeps (always on, or no hours). */
export interface ScreenHours {
  weekly: WeeklyHours;
  timeZone: string;
}

const MINUTES_PER_DAY = 24 * 60;
const WEEK = 7 * MINUTES_PER_DAY;

/**
 * The hours a screen sleeps by: none when it is always on, or when its host gave no hours or not a single open span
 * (a week of closed days is taken as hours not given: a screen is never dark for good by mistake).
 */
export function screenHours(
  weekly: WeeklyHours | null | undefined,
  timeZone: string,
  { alwaysOn = false } = {},
): ScreenHours | null {
  if (alwaysOn || !weekly || weekIntervals(weekly).length === 0) return null;
  return { weekly, timeZone };
}

/** Whether the screen is awake (plays) at the instant `at`: always, when it has no hours. */
export function isAwakeAt(hours: ScreenHours | null | undefined, at: Date): boolean {
  return !hours || isOpenAt(hours.weekly, hours.timeZone, at);
}

/** The minutes of the week (from Sunday midnight, local) at which the screen wakes, and at which it sleeps. */
function weekChanges(weekly: WeeklyHours): { wakes: number[]; sleeps: number[] } {
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const [start, end] of weekIntervals(weekly)) {
    starts.add(start % WEEK);
    ends.add(end % WEEK);
  }
  // A span that ends where another starts (midnight, or overlapping days) is no change.
  const wakes = [...starts].filter((minute) => !ends.has(minute));
  const sleeps = [...ends].filter((minute) => !starts.has(minute));
  return { wakes, sleeps };
}

/** Minutes from `now` forward to the nearest of `minutes` (week minutes), 1 to WEEK; null when there is none. */
function minutesAhead(now: number, minutes: number[]): number | null {
  let best: number | null = null;
  for (const minute of minutes) {
    const ahead = (((minute - now) % WEEK) + WEEK) % WEEK || WEEK;
    if (best === null || ahead < best) best = ahead;
  }
  return best;
}

/**
 * The next instant after `at` when the screen wakes or goes dark, by the hours' local clock; null when it never
 * changes (no hours, or open all week). Across a daylight-saving change the local clock skips or repeats an hour,
 * so this can be an hour off: a caller waits at most a few minutes at a time and asks isAwakeAt again.
 */
export function nextChangeAt(hours: ScreenHours | null | undefined, at: Date): Date | null {
  if (!hours) return null;
  const { wakes, sleeps } = weekChanges(hours.weekly);
  const { day, minute } = localWeekTime(hours.timeZone, at);
  const ahead = minutesAhead(day * MINUTES_PER_DAY + minute, [...wakes, ...sleeps]);
  if (ahead === null) return null;
  const minuteStart = at.getTime() - (((at.getTime() % 60_000) + 60_000) % 60_000);
  return new Date(minuteStart + ahead * 60_000);
}

/**
 * When an asleep screen wakes, as the fleet page says it: "9 AM" today, "tomorrow 9 AM", else "Monday 9 AM" — on
 * the hours' own clock. Null when it is awake or never wakes.
 */
export function describeWake(hours: ScreenHours | null | undefined, at: Date): string | null {
  if (!hours || isAwakeAt(hours, at)) return null;
  const { day, minute } = localWeekTime(hours.timeZone, at);
  const now = day * MINUTES_PER_DAY + minute;
  const ahead = minutesAhead(now, weekChanges(hours.weekly).wakes);
  if (ahead === null) return null;
  const wake = now + ahead;
  const clock = formatClock(wake % MINUTES_PER_DAY);
  const dayOffset = Math.floor(wake / MINUTES_PER_DAY) - day;
  if (dayOffset === 0) return clock;
  if (dayOffset === 1) return `tomorrow ${clock}`;
  return `${WEEK_DAYS[Math.floor(wake / MINUTES_PER_DAY) % 7]!.label} ${clock}`;
}

/**
 * Minutes of opening hours in the `within` minutes up to `at` (local clock): how long an offline screen has been
 * missed. Always `within` when the screen has no hours.
 */
export function openMinutesBefore(hours: ScreenHours | null | undefined, at: Date, within: number): number {
  if (!hours) return within;
  if (!isAwakeAt(hours, at)) return 0;
  const { day, minute } = localWeekTime(hours.timeZone, at);
  const now = day * MINUTES_PER_DAY + minute;
  const wakes = weekChanges(hours.weekly).wakes;
  // Awake, so the latest change behind was a wake; none at all in the week: open all week.
  const openFor = wakes.length
    ? Math.min(...wakes.map((wake) => (((now - wake) % WEEK) + WEEK) % WEEK))
    : Infinity;
  return Math.min(within, openFor);
}
