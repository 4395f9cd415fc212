import { describe, expect, it } from "vitest";
import type { AdTiming } from "~/lib/ad-schedule";
import {
  clockOffset,
  isScreenManifest,
  manifestFiles,
  newPlayId,
  nextItem,
  type ScreenItem,
} from "./manifest";

const ALWAYS: AdTiming = { startsOn: "1970-01-01", endsOn: null, schedule: [] };

function item(id: string, adId: string | null, timing = ALWAYS): ScreenItem {
  return {
    id,
    kind: adId ? "ad" : "house",
    adId,
    title: id,
    businessName: "B",
    media: {
      kind: "image",
      url: `/media/${id}.webp`,
      sha256: `hash-${id}`,
      bytes: 1,
      width: 1,
      height: 1,
      durationMs: null,
    },
    seconds: 10,
    callToAction: null,
    qrSvg: "<svg/>",
    shortLink: "x",
    timing,
  };
}

const kiosk = { id: "k", label: "K", orientation: "portrait" as const, timeZone: "America/Los_Angeles" };
// Tuesday 2026-03-03, 10:00 in Los Angeles.
const TUESDAY_10AM = new Date("2026-03-03T18:00:00Z");

describe("what the player plays next", () => {
  it("goes round the items in order", () => {
    const manifest = { kiosk, items: [item("a", "A"), item("h", null), item("b", "B")] };
    expect(nextItem(manifest, -1, TUESDAY_10AM)?.item.id).toBe("a");
    expect(nextItem(manifest, 0, TUESDAY_10AM)?.item.id).toBe("h");
    expect(nextItem(manifest, 2, TUESDAY_10AM)?.item.id).toBe("a");
  });

  it("skips an ad outside its dates or windows at that instant, in the kiosk's zone", () => {
    const evenings = {
      startsOn: "2026-01-01",
      endsOn: null,
      schedule: [{ days: [2], start: "18:00", end: "21:00" }],
    };
    const ended = { startsOn: "2026-01-01", endsOn: "2026-03-02", schedule: [] };
    const manifest = { kiosk, items: [item("e", "E", evenings), item("x", "X", ended), item("h", null)] };
    expect(nextItem(manifest, -1, TUESDAY_10AM)?.item.id).toBe("h");
    expect(nextItem(manifest, -1, new Date("2026-03-04T02:30:00Z"))?.item.id).toBe("e"); // 18:30 Tuesday in LA
    // The same instant read in New York is 21:30: the window is over there.
    expect(
      nextItem(
        { ...manifest, kiosk: { ...kiosk, timeZone: "America/New_York" } },
        -1,
        new Date("2026-03-04T02:30:00Z"),
      )?.item.id,
    ).toBe("h");
  });

  it("never plays the same ad twice in a row while anything else may play, and plays it when nothing else may", () => {
    const manifest = { kiosk, items: [item("a0", "A"), item("a1", "A"), item("b", "B")] };
    expect(nextItem(manifest, 0, TUESDAY_10AM, { lastAdId: "A" })?.item.id).toBe("b");
    const alone = { kiosk, items: [item("a0", "A"), item("a1", "A")] };
    expect(nextItem(alone, 0, TUESDAY_10AM, { lastAdId: "A" })?.item.id).toBe("a1");
  });

  it("skips an item whose file is not ready, and answers null when nothing may play", () => {
    const manifest = { kiosk, items: [item("a", "A"), item("b", "B")] };
    expect(nextItem(manifest, -1, TUESDAY_10AM, { isReady: (it) => it.id !== "a" })?.item.id).toBe("b");
    expect(nextItem(manifest, -1, TUESDAY_10AM, { isReady: () => false })).toBeNull();
    expect(nextItem({ kiosk, items: [] }, -1, TUESDAY_10AM)).toBeNull();
  });
});

describe("the player's helpers", () => {
  it("takes the server's clock from the middle of the round trip", () => {
    expect(
      clockOffset(
        "2026-03-03T18:00:10.000Z",
        Date.parse("2026-03-03T18:00:00.000Z"),
        Date.parse("2026-03-03T18:00:00.200Z"),
      ),
    ).toBe(9_900);
  });

  it("lists each item's media and poster for the worker", () => {
    const video = item("v", "V");
    video.media = { ...video.media, kind: "video", posterUrl: "/media/p.jpg", posterSha256: "hash-p" };
    expect(manifestFiles({ items: [item("a", "A"), video] } as never)).toEqual([
      { url: "/media/a.webp", sha256: "hash-a" },
      { url: "/media/v.webp", sha256: "hash-v" },
      { url: "/media/p.jpg", sha256: "hash-p" },
    ]);
  });

  it("refuses a body that is not a whole manifest", () => {
    expect(isScreenManifest(null)).toBe(false);
    expect(isScreenManifest({ version: "v", serverTime: "nope", items: [], kiosk })).toBe(false);
    expect(isScreenManifest({ version: "v", serverTime: "2026-03-03T18:00:00Z", items: [], kiosk })).toBe(
      true,
    );
  });

  it("makes version 4 UUIDs", () => {
    expect(newPlayId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
