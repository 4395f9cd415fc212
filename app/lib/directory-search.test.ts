import { describe, expect, it } from "vitest";
import { directoryListHref, searchResultsHref } from "./directory-search";
import { parseDirectorySearch } from "./directory-search-schema";

const parse = (query: string) => parseDirectorySearch(new URLSearchParams(query));

describe("directory search URLs", () => {
  it("reads industry, zip and page from the query", () => {
    expect(parse("industry=food-industry&zip=%20913%20&page=3")).toEqual({
      industry: "food-industry",
      zip: "913",
      page: 3,
    });
    expect(parse("")).toEqual({ industry: undefined, zip: undefined, page: 1 });
  });

  it("falls back instead of failing on values a hand-edited URL can hold", () => {
    expect(parse("industry=bogus&zip=&page=abc")).toEqual({ industry: undefined, zip: undefined, page: 1 });
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=99999999").page).toBe(1);
    expect(parse("industry=&zip=91367").industry).toBeUndefined();
    // PostgreSQL text can't hold NUL: control characters never reach the query.
    expect(parse("zip=%00913%07").zip).toBe("913");
  });

  it("keeps a too-long zip query one character past any zip code, so it still matches nothing", () => {
    expect(parse(`zip=${"9".repeat(500)}`).zip).toBe("9".repeat(11));
  });

  it("builds short, canonical list URLs", () => {
    expect(directoryListHref({ page: 1 })).toBe("/local-shiners/all");
    expect(directoryListHref({ industry: "health-wellness", zip: "913", page: 2 })).toBe(
      "/local-shiners/all?industry=health-wellness&zip=913&page=2",
    );
    expect(directoryListHref({ zip: "913", page: 3 }, "food-industry")).toBe(
      "/local-shiners/food-industry?zip=913&page=3",
    );
    // An industry page never repeats its own industry in the query.
    expect(directoryListHref({ industry: "food-industry", page: 1 }, "food-industry")).toBe(
      "/local-shiners/food-industry",
    );
    expect(directoryListHref({ zip: "a&b=c", page: 1 })).toBe("/local-shiners/all?zip=a%26b%3Dc");
  });

  it("sends a search to the right list and back to page 1", () => {
    expect(searchResultsHref({ industry: "food-industry", zip: "913" })).toBe(
      "/local-shiners/all?industry=food-industry&zip=913",
    );
    expect(searchResultsHref({ industry: "food-industry", zip: "913" }, "food-industry")).toBe(
      "/local-shiners/food-industry?zip=913",
    );
    expect(searchResultsHref({ industry: "home-services" }, "food-industry")).toBe(
      "/local-shiners/home-services",
    );
    expect(searchResultsHref({ zip: "91367" }, "food-industry")).toBe("/local-shiners/all?zip=91367");
  });
});
