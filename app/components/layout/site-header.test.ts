import { describe, expect, it } from "vitest";
import { isCurrentSection } from "./site-header";

describe("isCurrentSection", () => {
  it("marks Home only on the home page", () => {
    expect(isCurrentSection("/", "/")).toBe(true);
    expect(isCurrentSection("/", "/about")).toBe(false);
    expect(isCurrentSection("/", "/local-shiners/all")).toBe(false);
  });

  it("marks a section on its page and the pages under it, as a <NavLink> does", () => {
    expect(isCurrentSection("/local-shiners", "/local-shiners")).toBe(true);
    expect(isCurrentSection("/local-shiners", "/local-shiners/")).toBe(true);
    expect(isCurrentSection("/local-shiners", "/local-shiners/all")).toBe(true);
    expect(isCurrentSection("/shine-stories", "/shine-stories/food-industry")).toBe(true);
  });

  it("does not mark a section whose name is only a prefix of the path", () => {
    expect(isCurrentSection("/about", "/about-us")).toBe(false);
    expect(isCurrentSection("/contact", "/local-shiners")).toBe(false);
  });
});
