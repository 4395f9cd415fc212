// When an ad may play: its start and end dates and its weekly windows, read in the kiosk's own time zone
// (docs/product.md#ads). Shared by the owner's editor (the summary line), the kiosk manifest and the tests.

export type ScheduleWindow = { days: number[]; start: string; end: string };

export type AdTiming = {
  /** Calendar dates "YYYY-MM-DD" in the kiosk's time zone; endsOn is the last day the ad plays. */
  startsOn: string;
  endsOn: string | null;
  schedule: ScheduleWindow[];
};

export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const DAY_SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of "HH:MM", or undefined when it is not a time of day. */
export function minutesOf(time: string): number | undefined {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date, weekday (0 = Sunday) and minute of the day of an instant in a time zone. */
export function localTime(
  instant: Date,
  timeZone: string,
): { date: string; weekday: number; minutes: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: DAY_SHORT_NAMES.indexOf(parts.weekday as (typeof DAY_SHORT_NAMES)[number]),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a weekly window covers a weekday and minute. A window ending at or before its start runs past midnight. */
export function windowCovers(window: ScheduleWindow, weekday: number, minutes: number): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === undefined || end === undefined) return false;
  const yesterday = (weekday + 6) % 7;
  if (start === end) return window.days.includes(weekday); // the whole day
  if (start < end) return window.days.includes(weekday) && minutes >= start && minutes < end;
  return (
    (window.days.includes(weekday) && minutes >= start) || (window.days.includes(yesterday) && minutes < end)
  );
}

/** Whether the ad's dates and windows cover this instant in the kiosk's time zone. */
export function isScheduledAt(timing: AdTiming, instant: Date, timeZone: string): boolean {
  return isScheduledLocally(timing, localTime(instant, timeZone));
}

export type LocalTime = ReturnType<typeof localTime>;

/** Whether the ad's dates and windows cover this time of the kiosk's zone (`localTime`). */
export function isScheduledLocally(timing: AdTiming, local: LocalTime): boolean {
  if (local.date < timing.startsOn) return false;
  if (timing.endsOn && local.date > timing.endsOn) return false;
  if (timing.schedule.length === 0) return true;
  return timing.schedule.some((window) => windowCovers(window, local.weekday, local.minutes));
}

function formatTime(time: string): string {
  const minutes = minutesOf(time) ?? 0;
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minute).padStart(2, "0")} ${suffix}`;
}

function formatDays(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return "Every day";
  if (sorted.join() === "1,2,3,4,5") return "Weekdays";
  if (sorted.join() === "0,6") return "Weekends";
  return sorted.map((day) => DAY_SHORT_NAMES[day]).join(", ");
}

/** One line for people: "Weekdays 7 AM–11 AM; Sat 9 AM–1 PM", or "Any time". */
export function describeSchedule(schedule: ScheduleWindow[]): string {
  if (schedule.length === 0) return "Any time";
  return schedule
    .map((window) =>
      window.start === window.end
        ? `${formatDays(window.days)} all day`
        : `${formatDays(window.days)} ${formatTime(window.start)}–${formatTime(window.end)}`,
    )
    .join("; ");
}
