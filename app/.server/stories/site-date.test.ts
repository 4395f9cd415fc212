import { describe, expect, it } from "vitest";
import { siteToday } from "./site-date";

describe("siteToday", () => {
  it("is the calendar date in the given zone", () => {
    // 05:00 UTC on March 1st is still the evening of February 28th in Los Angeles.
    const instant = new Date("2026-03-01T05:00:00Z");
    expect(siteToday("America/Los_Angeles", instant)).toBe("2026-02-28");
    expect(siteToday("UTC", instant)).toBe("2026-03-01");
    expect(siteToday("Asia/Tokyo", instant)).toBe("2026-03-01");
  });

  it("follows daylight saving time", () => {
    // 07:30 UTC in July is 00:30 PDT (UTC-7): already the new day. In January (PST, UTC-8) it is 23:30 the day before.
    expect(siteToday("America/Los_Angeles", new Date("2026-07-04T07:30:00Z"))).toBe("2026-07-04");
    expect(siteToday("America/Los_Angeles", new Date("2026-01-04T07:30:00Z"))).toBe("2026-01-03");
  });
});
