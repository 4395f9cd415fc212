import { describe, expect, it } from "vitest";
import { emptyWeek, type WeeklyHours } from "../opening-hours";
import { describeWake, isAwakeAt, nextChangeAt, openMinutesBefore, screenHours } from "./opening";

// When a screen is dark (docs/product.md#sleep-outside-opening-hours), read on the hours' own clock.

const LA = "America/Los_Angeles";
/** Monday to Saturday 09:00–18:00, closed on Sundays; Friday also 20:00–02:00. */
function week(): WeeklyHours {
  const hours = emptyWeek();
  for (const day of ["mon", "tue", "wed", "thu", "fri", "sat"] as const)
    hours[day] = [{ opens: "09:00", closes: "18:00" }];
  hours.fri = [...hours.fri, { opens: "20:00", closes: "02:00" }];
  return hours;
}
const hours = screenHours(week(), LA)!;
/** A local time in Los Angeles in the week of Monday 23 November 2026 (UTC-8). */
const at = (local: string) => new Date(`2026-11-${local}-08:00`);

describe("screen hours", () => {
  it("never sleeps when always on, without hours, or with only closed days", () => {
    expect(screenHours(week(), LA, { alwaysOn: true })).toBeNull();
    expect(screenHours(null, LA)).toBeNull();
    expect(screenHours(emptyWeek(), LA)).toBeNull();
    expect(isAwakeAt(null, at("23T03:00"))).toBe(true);
    expect(nextChangeAt(null, at("23T03:00"))).toBeNull();
    expect(describeWake(null, at("23T03:00"))).toBeNull();
  });

  it("is awake in the hours, on both sides of each edge, across midnight too", () => {
    expect(isAwakeAt(hours, at("23T08:59"))).toBe(false);
    expect(isAwakeAt(hours, at("23T09:00"))).toBe(true);
    expect(isAwakeAt(hours, at("23T17:59"))).toBe(true);
    expect(isAwakeAt(hours, at("23T18:00"))).toBe(false);
    expect(isAwakeAt(hours, at("28T01:59"))).toBe(true); // Friday's late span, into Saturday
    expect(isAwakeAt(hours, at("28T02:00"))).toBe(false);
  });

  it("names the next change to the minute, and when an asleep screen wakes", () => {
    expect(nextChangeAt(hours, at("23T08:30:20"))).toEqual(at("23T09:00"));
    expect(nextChangeAt(hours, at("23T09:00"))).toEqual(at("23T18:00"));
    expect(nextChangeAt(hours, at("27T18:00"))).toEqual(at("27T20:00"));
    expect(nextChangeAt(hours, at("27T23:00"))).toEqual(at("28T02:00"));
    expect(describeWake(hours, at("23T07:00"))).toBe("9 AM");
    expect(describeWake(hours, at("23T19:00"))).toBe("tomorrow 9 AM");
    expect(describeWake(hours, at("27T18:30"))).toBe("8 PM");
    expect(describeWake(hours, at("28T19:00"))).toBe("Monday 9 AM"); // closed on Sunday
    expect(describeWake(hours, at("23T10:00"))).toBeNull(); // awake
  });

  it("counts only the minutes of opening hours a screen was quiet for", () => {
    expect(openMinutesBefore(hours, at("23T09:04"), 600)).toBe(4);
    expect(openMinutesBefore(hours, at("23T12:00"), 30)).toBe(30);
    expect(openMinutesBefore(hours, at("23T19:00"), 600)).toBe(0);
    expect(openMinutesBefore(hours, at("28T01:00"), 600)).toBe(300); // since Friday 20:00
    expect(openMinutesBefore(null, at("23T03:00"), 45)).toBe(45);
  });

  it("follows the local clock across a daylight-saving change", () => {
    // Sunday 8 March 2026 02:00 PST → 03:00 PDT; a screen open 09:00–18:00 every day.
    const daily = emptyWeek();
    for (const day of ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const)
      daily[day] = [{ opens: "09:00", closes: "18:00" }];
    const dst = screenHours(daily, LA)!;
    expect(isAwakeAt(dst, new Date("2026-03-08T16:00:00Z"))).toBe(true); // 09:00 PDT
    expect(isAwakeAt(dst, new Date("2026-03-08T15:59:00Z"))).toBe(false);
    // Asked at 01:00 PST, the local clock says 8 hours to go (one hour too many: the player looks again within 15
    // minutes); asked after the change (04:00 PDT), it is exact.
    expect(nextChangeAt(dst, new Date("2026-03-08T09:00:00Z"))).toEqual(new Date("2026-03-08T17:00:00Z"));
    expect(nextChangeAt(dst, new Date("2026-03-08T11:00:00Z"))).toEqual(new Date("2026-03-08T16:00:00Z"));
  });
});
