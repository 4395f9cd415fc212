import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../infra/db/client";
import { businessStories, businesses, users } from "../infra/db/schema";
import { createTestDatabase } from "../../../tests/support/test-database";
import type { Storage, StoredObjectInfo } from "../infra/storage/storage";
import { DEMO_BUSINESSES } from "./demo-businesses";
import { DEMO_STORIES, demoPublishDate } from "./demo-stories";
import { DEMO_OWNER, seedDemoContent, slugify } from "./seed-demo";
import { INDUSTRY_IDS } from "~/lib/industries";

/** Just enough of Storage for the seeder: bytes in a Map, URLs like the local driver's. */
function createMemoryStorage() {
  const objects = new Map<string, { bytes: Buffer; info: StoredObjectInfo }>();
  const storage: Storage = {
    kind: "local",
    async put(key, body, { contentType }) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      objects.set(key, {
        bytes,
        info: { size: bytes.length, contentType, etag: `"${key}"`, lastModified: new Date() },
      });
      return { size: bytes.length };
    },
    async delete(key) {
      objects.delete(key);
    },
    async stat(key) {
      return objects.get(key)?.info ?? null;
    },
    async read(key, range) {
      const object = objects.get(key);
      if (!object) return null;
      return Readable.from(range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes);
    },
    publicUrl(key) {
      return `/media/${key}`;
    },
  };
  return { storage, objects };
}

describe("seedDemoContent", () => {
  let handle: DatabaseHandle;
  const { storage, objects } = createMemoryStorage();
  const now = new Date();
  const today = demoPublishDate(0, now);
  let firstRun: Awaited<ReturnType<typeof seedDemoContent>>;
  let seedMs = 0;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const started = performance.now();
    firstRun = await seedDemoContent({ db: handle.db, storage, now });
    seedMs = performance.now() - started;
    console.info(`seedDemoContent took ${Math.round(seedMs)} ms for ${objects.size} images`);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("loads every demo business and story", () => {
    expect(firstRun).toEqual({ businesses: DEMO_BUSINESSES.length, stories: DEMO_STORIES.length });
  });

  it("loads at least 40 businesses covering all five industries, at least 7 each", async () => {
    const rows = await handle.db.select().from(businesses);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const industry of INDUSTRY_IDS) {
      expect(rows.filter((row) => row.industry === industry).length).toBeGreaterThanOrEqual(7);
    }
    for (const row of rows) {
      expect(row.state).toBe("CA");
      expect(row.zipCode).toMatch(/^9\d{4}$/);
      expect(row.rating).toBeGreaterThanOrEqual(3.8);
      expect(row.rating).toBeLessThanOrEqual(5);
      expect(row.userId).toBe(DEMO_OWNER.id);
      expect(row.latitude).toBeTypeOf("number");
      expect(row.longitude).toBeTypeOf("number");
    }
    // Some are deliberately sparse so the empty-field UI has something to show.
    expect(rows.some((row) => !row.phone && !row.website && !row.ownerName)).toBe(true);
    // created_at is spread out, so "newest first" is a real order.
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(rows.length);
  });

  it("creates the demo owner account", async () => {
    const [owner] = await handle.db.select().from(users).where(eq(users.id, DEMO_OWNER.id));
    expect(owner).toMatchObject({
      name: DEMO_OWNER.name,
      email: DEMO_OWNER.email,
      emailVerified: true,
      role: "user",
    });
  });

  it("loads at least 15 stories: exactly one scheduled, at least 7 featured, some without content", async () => {
    const rows = await handle.db.select().from(businessStories);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.filter((row) => row.publishDate > today)).toHaveLength(1);
    expect(rows.filter((row) => row.isFeatured && row.publishDate <= today).length).toBeGreaterThanOrEqual(7);
    expect(rows.some((row) => row.content === null)).toBe(true);
    expect(new Set(rows.map((row) => row.industry))).toEqual(new Set(INDUSTRY_IDS));
    for (const row of rows) expect(row.userId).toBeNull();
  });

  it("gives every business, owner and story an image stored as WebP", async () => {
    const businessRows = await handle.db.select().from(businesses);
    const storyRows = await handle.db.select().from(businessStories);
    const urls = [
      ...businessRows.map((row) => row.imageUrl),
      ...businessRows.filter((row) => row.ownerName).map((row) => row.ownerImageUrl),
      ...storyRows.map((row) => row.backgroundImageUrl),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/(demo|story-backgrounds)\/.+\.webp$/);
      expect(objects.has(url!.slice("/media/".length))).toBe(true);
    }
    expect(new Set(urls).size).toBe(urls.length);

    const banner = objects.get(`demo/business-${slugify(DEMO_BUSINESSES[0].name)}.webp`)!;
    expect(banner.info.contentType).toBe("image/webp");
    expect(await sharp(banner.bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 630 });
    const story = objects.get(`story-backgrounds/demo-${slugify(DEMO_STORIES[0].title)}.webp`)!;
    expect(await sharp(story.bytes).metadata()).toMatchObject({ format: "webp", width: 1600, height: 900 });
    for (const { bytes } of objects.values()) expect(bytes.length).toBeLessThan(60 * 1024);
  });

  it("skips when the database already has content", async () => {
    const before = objects.size;
    expect(await seedDemoContent({ db: handle.db, storage })).toEqual({ skipped: true });
    expect(await handle.db.$count(businesses)).toBe(DEMO_BUSINESSES.length);
    expect(await handle.db.$count(businessStories)).toBe(DEMO_STORIES.length);
    expect(objects.size).toBe(before);
  });

  it("links each story about a demo business to its listing, in the same industry", async () => {
    const named = DEMO_STORIES.filter((story) => story.business);
    expect(named.length).toBeGreaterThanOrEqual(10);
    const rows = await handle.db
      .select({ title: businessStories.title, industry: businessStories.industry, business: businesses })
      .from(businessStories)
      .innerJoin(businesses, eq(businesses.id, businessStories.businessId));
    expect(rows.map((row) => row.title).sort()).toEqual(named.map((story) => story.title).sort());
    for (const row of rows) {
      const story = named.find((candidate) => candidate.title === row.title)!;
      expect(row.business.name).toBe(story.business);
      expect(row.business.industry, row.title).toBe(row.industry);
    }
  });
});
