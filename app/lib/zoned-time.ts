// Wall-clock times typed in a form ("2026-11-28T09:30", a datetime-local input's value) read in a time zone.

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant a wall time names in `timeZone` (the later reading in a repeated hour); null when it is not one. */
export function instantOfWallTime(wall: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const guess = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  if (Number.isNaN(guess) || new Date(guess).getUTCDate() !== day) return null;
  let instant = guess - offsetMinutes(timeZone, guess) * 60_000;
  instant = guess - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}

/** The wall time (`YYYY-MM-DDTHH:MM`) of `instant` in `timeZone`, as a datetime-local input shows it. */
export function wallTimeOf(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + offsetMinutes(timeZone, instant.getTime()) * 60_000);
  return local.toISOString().slice(0, 16);
}
