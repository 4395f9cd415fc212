import { describe, expect, it } from "vitest";
import { HEAP_GROWING_FLAG, tuneHeapGrowing } from "./heap";

describe("tuneHeapGrowing", () => {
  it("sets V8's largest growing factor when the operator set none", () => {
    expect(tuneHeapGrowing(["--import", "tsx"])).toBe(HEAP_GROWING_FLAG);
  });

  it("leaves the operator's own setting alone, however it is spelled", () => {
    expect(tuneHeapGrowing(["--heap-growing-percent=0", "--import", "tsx"])).toBeNull();
    expect(tuneHeapGrowing(["--heap_growing_percent=150"])).toBeNull();
  });
});
