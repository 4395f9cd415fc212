import { describe, expect, it } from "vitest";
import { pageWindow } from "./directory-pagination";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, the last and two either side of the current page, marking gaps once", () => {
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, null, 40]);
    expect(pageWindow(20, 40)).toEqual([1, null, 18, 19, 20, 21, 22, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 38, 39, 40]);
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, 6, null, 40]);
  });
});
