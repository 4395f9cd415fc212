import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { eq } from "drizzle-orm";
import { businesses, businessStories } from "../infra/db/schema";
import { insertListing } from "../../../tests/support/kiosk-fixtures";
import { createTestDatabase } from "../../../tests/support/test-database";
import {
  countPublishedByIndustry,
  getPublishedStory,
  getStoriesHome,
  listFeaturedStories,
  listPublishedStories,
  listPublishedStoryEntries,
  listStoriesAboutBusiness,
  type StoryReader,
} from "./public-stories";
import { siteToday } from "./site-date";

const TIME_ZONE = "America/Los_Angeles";

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

describe("public story queries", () => {
  let database: DatabaseHandle;
  let reader: StoryReader;
  const today = siteToday(TIME_ZONE);
  const ids: Record<string, string> = {};

  async function addStory(
    key: string,
    values: Partial<typeof businessStories.$inferInsert> & { daysAgo: number },
  ) {
    const { daysAgo, ...rest } = values;
    const [row] = await database.db
      .insert(businessStories)
      .values({
        title: `Story ${key}`,
        description: `Description of ${key}.`,
        shortDescription: `Short ${key}`,
        industry: "home-services",
        author: `Author ${key}`,
        publishDate: addDays(today, -daysAgo),
        ...rest,
      })
      .returning({ id: businessStories.id });
    ids[key] = row.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    reader = { db: database.db, env: { SITE_TIMEZONE: TIME_ZONE } };
    await addStory("today", {
      daysAgo: 0,
      industry: "food-industry",
      isFeatured: true,
      title: "Morning Rush at Marigold",
      author: "Jasmine Cho",
      shortDescription: "Coffee, pastries and 100% neighbors",
      content: "## Busy mornings\n\nThe **patio** filled up.\n\n<script>window.__pwned = 1</script>",
    });
    await addStory("yesterday", {
      daysAgo: 1,
      industry: "food-industry",
      title: "Bakery Boom",
      author: "Elena Sokolova",
      shortDescription: "Sourdough lines around the block",
    });
    await addStory("tomorrow", {
      daysAgo: -1,
      industry: "food-industry",
      isFeatured: true,
      title: "Tomorrow's Tacos",
      author: "Future Author",
      shortDescription: "Not published yet",
    });
    for (let day = 2; day <= 7; day++) {
      await addStory(`featured-${day}`, { daysAgo: day, isFeatured: true, industry: "health-wellness" });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists published stories newest first and hides a story dated tomorrow in the site's time zone", async () => {
    const { stories, total } = await listPublishedStories(reader);
    expect(total).toBe(8);
    expect(stories.map((story) => story.id)).not.toContain(ids.tomorrow);
    expect(stories[0]).toMatchObject({
      id: ids.today,
      publishDate: today,
      industry: "food-industry",
      isFeatured: true,
    });
    const dates = stories.map((story) => story.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("caps featured stories at six, newest first, published only", async () => {
    const featured = await listFeaturedStories(reader);
    expect(featured.map((story) => story.id)).toEqual([
      ids.today,
      ids["featured-2"],
      ids["featured-3"],
      ids["featured-4"],
      ids["featured-5"],
      ids["featured-6"],
    ]);
    const home = await getStoriesHome(reader);
    expect(home.featured).toHaveLength(6);
  });

  it("counts published stories per industry, with zeros", async () => {
    expect(await countPublishedByIndustry(reader)).toEqual({
      "home-services": 0,
      "automobile-services": 0,
      "food-industry": 2,
      "professional-services": 0,
      "health-wellness": 6,
    });
  });

  it("searches title, author and short description case-insensitively within an industry", async () => {
    const search = async (query: string, featuredOnly = false) =>
      (await listPublishedStories(reader, { industry: "food-industry", query, featuredOnly })).stories.map(
        (s) => s.id,
      );
    expect(await search("MARIGOLD")).toEqual([ids.today]);
    expect(await search("elena")).toEqual([ids.yesterday]);
    expect(await search("sourDOUGH")).toEqual([ids.yesterday]);
    expect(await search("tacos")).toEqual([]);
    expect(await search("")).toEqual([ids.today, ids.yesterday]);
    expect(await search("", true)).toEqual([ids.today]);
    // LIKE wildcards are taken literally.
    expect(await search("100%")).toEqual([ids.today]);
    expect(await search("%")).toEqual([ids.today]);
    expect(await search("_")).toEqual([]);
    const result = await listPublishedStories(reader, { industry: "food-industry", query: "o" });
    expect(result.total).toBe(2);
  });

  it("returns one published story with its content rendered safely", async () => {
    const story = await getPublishedStory(reader, ids.today);
    expect(story?.title).toBe("Morning Rush at Marigold");
    expect(story?.contentHtml).toContain("<h2>Busy mornings</h2>");
    expect(story?.contentHtml).toContain("<strong>patio</strong>");
    expect(story?.contentHtml).not.toMatch(/script|__pwned/);
    expect((await getPublishedStory(reader, ids.yesterday))?.contentHtml).toBeNull();
  });

  it("treats unpublished, unknown and malformed ids as missing", async () => {
    expect(await getPublishedStory(reader, ids.tomorrow)).toBeNull();
    expect(await getPublishedStory(reader, randomUUID())).toBeNull();
    expect(await getPublishedStory(reader, "not-a-uuid")).toBeNull();
    expect(await getPublishedStory(reader, "' or 1=1 --")).toBeNull();
  });

  it("lists sitemap entries for published stories only", async () => {
    const entries = await listPublishedStoryEntries(reader);
    expect(entries).toHaveLength(8);
    expect(entries.map((entry) => entry.id)).not.toContain(ids.tomorrow);
  });

  it("decides 'today' by the site's time zone, not the server's", async () => {
    // Whatever the real time, the zone 14 hours ahead of UTC has reached a date at least as late as Los Angeles.
    const aheadReader = { db: database.db, env: { SITE_TIMEZONE: "Pacific/Kiritimati" } };
    const aheadToday = siteToday("Pacific/Kiritimati");
    const ahead = await listPublishedStories(aheadReader);
    expect(ahead.stories.map((s) => s.id).includes(ids.tomorrow)).toBe(aheadToday >= addDays(today, 1));
  });

  it("links a story to its listing only while the listing is published, and lists it on that listing", async () => {
    const listing = await insertListing(database.db, null, { name: "Marigold Cafe" });
    await addStory("about-listing", { daysAgo: 1, businessId: listing, title: "A story about Marigold" });
    const linked = await getPublishedStory(reader, ids["about-listing"]);
    expect(linked?.business).toMatchObject({ id: listing, name: "Marigold Cafe" });
    expect((await listStoriesAboutBusiness(reader, listing)).map((story) => story.id)).toEqual([
      ids["about-listing"],
    ]);

    await database.db.update(businesses).set({ status: "pending" }).where(eq(businesses.id, listing));
    const unlinked = await getPublishedStory(reader, ids["about-listing"]);
    expect(unlinked?.title).toBe("A story about Marigold");
    expect(unlinked?.business).toBeNull();
  });
});
