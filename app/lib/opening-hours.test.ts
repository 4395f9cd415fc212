import { describe, expect, it } from "vitest";
import {
  daySpans,
  emptyWeek,
  hoursProblem,
  isOpenAt,
  openingStatus,
  type WeeklyHours,
} from "./opening-hours";

const LA = "America/Los_Angeles";
/** Weekdays 9–18, Friday also 20:00–02:00 (past midnight), Saturday 24 hours, Sunday closed. */
const hours: WeeklyHours = {
  ...emptyWeek(),
  mon: [{ opens: "09:00", closes: "18:00" }],
  tue: [{ opens: "09:00", closes: "18:00" }],
  wed: [{ opens: "09:00", closes: "18:00" }],
  thu: [{ opens: "09:00", closes: "18:00" }],
  fri: [
    { opens: "09:00", closes: "12:00" },
    { opens: "20:00", closes: "02:00" },
  ],
  sat: [{ opens: "00:00", closes: "24:00" }],
};
// 2026-11-23 is a Monday; Los Angeles is UTC-8 then.
const la = (local: string) => new Date(`${local}-08:00`);

describe("opening hours", () => {
  it("is open on either side of closing time as the business's own clock reads it", () => {
    expect(isOpenAt(hours, LA, la("2026-11-23T17:59"))).toBe(true);
    expect(isOpenAt(hours, LA, la("2026-11-23T18:00"))).toBe(false);
    expect(isOpenAt(hours, LA, la("2026-11-23T08:59"))).toBe(false);
    // The same instant is 21:00 in New York: the time zone decides.
    expect(isOpenAt(hours, "America/New_York", la("2026-11-23T17:59"))).toBe(false);
  });

  it("counts a span past midnight on the next day, and Saturday's 24 hours", () => {
    expect(isOpenAt(hours, LA, la("2026-11-27T23:30"))).toBe(true); // Friday night
    expect(isOpenAt(hours, LA, la("2026-11-28T01:59"))).toBe(true); // Saturday 1:59 (Friday's span)
    expect(isOpenAt(hours, LA, la("2026-11-29T00:30"))).toBe(false); // Sunday: closed
    expect(isOpenAt(null, LA, la("2026-11-23T12:00"))).toBe(false);
  });

  it("says when it closes or opens next", () => {
    expect(openingStatus(hours, LA, la("2026-11-23T10:00"))?.label).toBe("Open now · closes 6 PM");
    expect(openingStatus(hours, LA, la("2026-11-23T19:00"))?.label).toBe("Closed · opens tomorrow 9 AM");
    expect(openingStatus(hours, LA, la("2026-11-29T10:00"))?.label).toBe("Closed · opens tomorrow 9 AM");
    expect(openingStatus(hours, LA, la("2026-11-27T13:00"))?.label).toBe("Closed · opens 8 PM");
    // Friday 20:00 runs into Saturday's 24 hours and Sunday 00:00 closes it: one stretch.
    expect(openingStatus(hours, LA, la("2026-11-27T21:00"))?.label).toBe("Open now · closes Sunday midnight");
  });

  it("splits spans at midnight for the database, and refuses overlaps and bad times", () => {
    expect(daySpans({ ...emptyWeek(), fri: [{ opens: "20:00", closes: "02:00" }] })).toEqual([
      { day: 5, opensAt: 1200, closesAt: 1440 },
      { day: 6, opensAt: 0, closesAt: 120 },
    ]);
    expect(hoursProblem(hours)).toBeNull();
    expect(
      hoursProblem({
        ...emptyWeek(),
        mon: [
          { opens: "09:00", closes: "12:00" },
          { opens: "11:00", closes: "13:00" },
        ],
      }),
    ).toBe("Monday: spans overlap");
    expect(hoursProblem({ ...emptyWeek(), mon: [{ opens: "9am", closes: "12:00" }] })).toMatch(/09:00/);
  });
});
