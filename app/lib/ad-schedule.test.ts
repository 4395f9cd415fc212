import { describe, expect, it } from "vitest";
import { describeSchedule, isScheduledAt, localTime, windowCovers } from "./ad-schedule";

const LA = "America/Los_Angeles";

describe("ad schedules", () => {
  it("reads the local date, weekday and minute in the kiosk's time zone", () => {
    // 2026-11-24T06:30Z is Monday 22:30 in Los Angeles (PST, UTC−8).
    expect(localTime(new Date("2026-11-24T06:30:00Z"), LA)).toEqual({
      date: "2026-11-23",
      weekday: 1,
      minutes: 1350,
    });
    expect(localTime(new Date("2026-11-24T06:30:00Z"), "UTC")).toEqual({
      date: "2026-11-24",
      weekday: 2,
      minutes: 390,
    });
  });

  it("covers a same-day window from its start up to, not including, its end", () => {
    const window = { days: [1, 2, 3, 4, 5], start: "07:00", end: "11:00" };
    expect(windowCovers(window, 1, 7 * 60)).toBe(true);
    expect(windowCovers(window, 1, 11 * 60 - 1)).toBe(true);
    expect(windowCovers(window, 1, 11 * 60)).toBe(false);
    expect(windowCovers(window, 0, 8 * 60)).toBe(false);
  });

  it("runs a window past midnight into the next day", () => {
    const friday = { days: [5], start: "22:00", end: "02:00" };
    expect(windowCovers(friday, 5, 23 * 60)).toBe(true);
    expect(windowCovers(friday, 6, 60)).toBe(true);
    expect(windowCovers(friday, 6, 2 * 60)).toBe(false);
    expect(windowCovers(friday, 5, 60)).toBe(false);
  });

  it("keeps to the dates in the kiosk's time zone, the end date included", () => {
    const timing = { startsOn: "2026-11-24", endsOn: "2026-11-30", schedule: [] };
    expect(isScheduledAt(timing, new Date("2026-11-24T06:30:00Z"), LA)).toBe(false); // still the 23rd there
    expect(isScheduledAt(timing, new Date("2026-11-24T09:00:00Z"), LA)).toBe(true);
    expect(isScheduledAt(timing, new Date("2026-12-01T07:59:00Z"), LA)).toBe(true); // 23:59 on the 30th
    expect(isScheduledAt(timing, new Date("2026-12-01T08:00:00Z"), LA)).toBe(false);
  });

  it("plays only inside a window when it has one", () => {
    const timing = {
      startsOn: "2026-01-01",
      endsOn: null,
      schedule: [{ days: [2], start: "09:00", end: "17:00" }],
    };
    expect(isScheduledAt(timing, new Date("2026-11-24T17:00:00Z"), LA)).toBe(true); // Tuesday 9 AM
    expect(isScheduledAt(timing, new Date("2026-11-24T16:59:00Z"), LA)).toBe(false);
    expect(isScheduledAt(timing, new Date("2026-11-25T01:00:00Z"), LA)).toBe(false); // Tuesday 5 PM
  });

  it("describes a schedule in one line", () => {
    expect(describeSchedule([])).toBe("Any time");
    expect(
      describeSchedule([
        { days: [1, 2, 3, 4, 5], start: "07:00", end: "11:30" },
        { days: [6], start: "21:00", end: "01:00" },
      ]),
    ).toBe("Weekdays 7 AM–11:30 AM; Sat 9 PM–1 AM");
  });
});
