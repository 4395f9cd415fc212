import { describe, expect, it } from "vitest";
import { rotationOrder } from "./rotation";

const ads = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `ad-${i}` }));
const house = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `house-${i}` }));
const ids = (slots: ReturnType<typeof rotationOrder<{ id: string }, { id: string }>>) =>
  slots.map((slot) => (slot.kind === "ad" ? slot.ad.id : slot.house.id));

describe("rotation order", () => {
  it("only house slides when no ad plays: the screen is never blank", () => {
    expect(ids(rotationOrder("k", [], house(3)))).toEqual(["house-0", "house-1", "house-2"]);
  });

  it("every ad the same number of times, never twice in a row, every house slide at least once", () => {
    for (const adCount of [1, 2, 3, 4, 7, 10, 31]) {
      for (const houseCount of [1, 2, 7]) {
        const order = ids(rotationOrder("kiosk-1", ads(adCount), house(houseCount)));
        const counts = new Map<string, number>();
        for (const id of order) counts.set(id, (counts.get(id) ?? 0) + 1);
        const adCounts = [...counts].filter(([id]) => id.startsWith("ad-")).map(([, n]) => n);
        expect(adCounts).toHaveLength(adCount);
        expect(new Set(adCounts).size).toBe(1);
        for (let i = 0; i < houseCount; i++) expect(counts.get(`house-${i}`)).toBeGreaterThan(0);
        // Round the loop too: the last item is followed by the first.
        order.forEach((id, i) => expect(order[(i + 1) % order.length]).not.toBe(id));
        // At most three ads between house slides.
        expect(order.join(" ")).not.toMatch(/(ad-\d+ ){3}ad-/);
      }
    }
  });

  it("shuffles per kiosk, stably", () => {
    const a = ids(rotationOrder("kiosk-a", ads(12), house(2)));
    expect(ids(rotationOrder("kiosk-a", ads(12), house(2)))).toEqual(a);
    expect(ids(rotationOrder("kiosk-b", ads(12), house(2)))).not.toEqual(a);
  });

  it("counts each item's turns so item ids stay unique", () => {
    const slots = rotationOrder("k", ads(1), house(3));
    expect(slots.map((slot) => `${slot.kind === "ad" ? slot.ad.id : slot.house.id}:${slot.turn}`)).toEqual([
      "ad-0:0",
      "house-0:0",
      "ad-0:1",
      "house-1:0",
      "ad-0:2",
      "house-2:0",
    ]);
  });
});
