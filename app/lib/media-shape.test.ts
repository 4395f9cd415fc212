import { describe, expect, it } from "vitest";
import { fitNote, pickVersion, shapeOf } from "./media-shape";

describe("media shapes", () => {
  it("reads portrait, landscape and square from a size, and nothing without one", () => {
    expect(shapeOf(1080, 1920)).toBe("portrait");
    expect(shapeOf(1920, 1080)).toBe("landscape");
    expect(shapeOf(1000, 1100)).toBe("square");
    expect(shapeOf(1100, 1000)).toBe("square");
    expect(shapeOf(null, 1080)).toBeNull();
    expect(shapeOf(0, 0)).toBeNull();
  });

  it("gives each screen the version of its shape, else a square one, else the main one", () => {
    const main = { id: "main", shape: "landscape" as const };
    const tall = { id: "tall", shape: "portrait" as const };
    const square = { id: "square", shape: "square" as const };
    const unknown = { id: "unknown", shape: null };
    expect(pickVersion([main, tall], "portrait").id).toBe("tall");
    expect(pickVersion([main, tall], "landscape").id).toBe("main");
    expect(pickVersion([main], "portrait").id).toBe("main");
    expect(pickVersion([main, square], "portrait").id).toBe("square");
    expect(pickVersion([main, unknown], "portrait").id).toBe("main");
    expect(pickVersion([tall, main], "landscape").id).toBe("main");
  });

  it("says when a version fills only part of a screen", () => {
    expect(fitNote("landscape", "portrait")).toMatch(/fills about a third of a tall screen/);
    expect(fitNote("portrait", "landscape")).toMatch(/fills about a third of a wide screen/);
    expect(fitNote("portrait", "portrait")).toBeNull();
    expect(fitNote("square", "landscape")).toBeNull();
    expect(fitNote(null, "portrait")).toBeNull();
  });
});
