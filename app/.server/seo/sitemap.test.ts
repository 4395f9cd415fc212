import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { businessStories, businesses } from "../infra/db/schema";
import { createTestDatabase } from "../../../tests/support/test-database";
import { listSitemapEntries, renderRobotsTxt, renderSitemap, STATIC_PUBLIC_PATHS } from "./sitemap";

const story = (title: string, publishDate: string) => ({
  title,
  description: `${title}, told in full.`,
  shortDescription: `${title}.`,
  industry: "food-industry",
  author: "The Local Shine Team",
  publishDate,
});

describe("sitemap", () => {
  let database: DatabaseHandle;
  let businessId: string;
  const storyIds: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const [business] = await database.db
      .insert(businesses)
      .values({
        name: "Canyon Crumb Bakery",
        industry: "food-industry",
        address: "1 Ventura Blvd",
        city: "Woodland Hills",
        state: "CA",
        zipCode: "91364",
        updatedAt: new Date("2025-12-20T18:00:00Z"),
      })
      .returning({ id: businesses.id });
    businessId = business.id;
    const rows = await database.db
      .insert(businessStories)
      .values([
        story("Last week", "2025-12-24"),
        story("Today", "2025-12-31"),
        story("Tomorrow", "2026-01-01"),
      ])
      .returning({ id: businessStories.id, title: businessStories.title });
    for (const row of rows) storyIds[row.title] = row.id;
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it("lists the fixed pages, every business and only stories published by today in the site's zone", async () => {
    // 05:00 UTC on Jan 1 is still Dec 31 in Los Angeles: the Jan 1 story is not out yet there.
    const entries = await listSitemapEntries(database.db, {
      timeZone: "America/Los_Angeles",
      now: new Date("2026-01-01T05:00:00Z"),
    });
    const paths = entries.map((entry) => entry.path);
    expect(paths.slice(0, STATIC_PUBLIC_PATHS.length)).toEqual([...STATIC_PUBLIC_PATHS]);
    expect(paths).toContain("/local-shiners/health-wellness");
    expect(paths).toContain("/shine-stories/food-industry");
    expect(paths).not.toContain("/signin");
    expect(entries).toContainEqual({ path: `/business/${businessId}`, lastModified: "2025-12-20" });
    expect(paths).toContain(`/story/${storyIds["Last week"]}`);
    expect(paths).toContain(`/story/${storyIds["Today"]}`);
    expect(paths).not.toContain(`/story/${storyIds["Tomorrow"]}`);

    // In New York it is already Jan 1.
    const eastern = await listSitemapEntries(database.db, {
      timeZone: "America/New_York",
      now: new Date("2026-01-01T05:00:00Z"),
    });
    expect(eastern.map((entry) => entry.path)).toContain(`/story/${storyIds["Tomorrow"]}`);
  });

  it("renders absolute, escaped URLs", () => {
    const xml = renderSitemap("https://localshine.example/", [
      { path: "/" },
      { path: "/story/a&b", lastModified: "2025-12-31" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://localshine.example/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://localshine.example/story/a&amp;b</loc><lastmod>2025-12-31</lastmod></url>",
    );
  });

  it("robots.txt names the sitemap and keeps crawlers out of account pages", () => {
    const text = renderRobotsTxt("https://localshine.example");
    expect(text).toContain("Sitemap: https://localshine.example/sitemap.xml");
    for (const path of ["/dashboard", "/admin", "/signin", "/api/"])
      expect(text).toContain(`Disallow: ${path}\n`);
  });
});
