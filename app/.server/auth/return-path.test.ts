import { describe, expect, it } from "vitest";
import { HOSTILE_RETURN_PATHS, SAME_SITE_RETURN_PATHS } from "../../../tests/support/redirect-variants";
import { safeRedirectPath } from "./return-path";

const SITE = "https://localshine.example";

/** How a browser reads a Location header we send from a page of this site. */
function landsOn(location: string) {
  return new URL(location, `${SITE}/signin`);
}

describe("safeRedirectPath", () => {
  it.each(HOSTILE_RETURN_PATHS.map((path) => [JSON.stringify(path).slice(0, 60), path]))(
    "keeps %s on this site",
    (_label, target) => {
      const result = safeRedirectPath(target);
      expect(landsOn(result).origin).toBe(SITE);
      expect(result).toMatch(/^\/(?![/\\])/);
      expect(result).not.toMatch(/[\s\\]/);
      // What we send is already normal: checking it again changes nothing.
      expect(safeRedirectPath(result)).toBe(result);
    },
  );

  it.each(SAME_SITE_RETURN_PATHS)("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it("uses the fallback for an empty or relative return path", () => {
    for (const target of ["", " ", "dashboard", "?x=1", "#top", " /dashboard"]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/dashboard");
    }
  });

  it("uses the fallback for anything that is not a string", () => {
    for (const target of [undefined, null, 42, {}, ["/dashboard"]]) {
      expect(safeRedirectPath(target, "/")).toBe("/");
    }
  });
});
