import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { businessStories, businesses, users } from "../infra/db/schema";
import type { Storage } from "../infra/storage/storage";
import { DEMO_BUSINESSES, DEMO_STATE, type DemoBusiness } from "./demo-businesses";
import { renderBusinessImage, renderOwnerPortrait, renderStoryBackground } from "./demo-images";
import { DEMO_STORIES, demoPublishDate, demoStoryId } from "./demo-stories";
import { INDUSTRY_IDS } from "~/lib/industries";

export const DEMO_OWNER = {
  id: "demo-owner",
  name: "Local Shine Demo",
  email: "demo-owner@localshine.local",
} as const;

/** The slice of a pino logger we use, so tests and the CLI can pass anything with `info`. */
export interface SeedLogger {
  info(details: object, message: string): void;
}

export interface SeedDemoOptions {
  db: Database;
  storage: Storage;
  logger?: SeedLogger;
  /** "Now" for created_at and story dates; tests pin it. */
  now?: Date;
  /** The zone whose calendar decides story dates (SITE_TIMEZONE). */
  timeZone?: string;
}

export type SeedDemoResult = { businesses: number; stories: number } | { skipped: true };

/** Lower-case ASCII words joined by dashes: safe as a storage key segment ("Marigold Morning Café" → "marigold-morning-cafe"). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Runs `fn` over `items` with at most `limit` in flight: sharp work is CPU-bound, so more buys nothing. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function isEmpty(db: Pick<Database, "select">): Promise<boolean> {
  const [business] = await db.select({ id: businesses.id }).from(businesses).limit(1);
  if (business) return false;
  const [story] = await db.select({ id: businessStories.id }).from(businessStories).limit(1);
  return !story;
}

/**
 * The data array is grouped by industry; interleave it so "newest first" listings open with a mix of industries
 * rather than nine plumbers and electricians. Returns each business's rank (0 = newest).
 */
function recencyRanks(list: readonly DemoBusiness[]): number[] {
  const seenPerIndustry = new Map<string, number>();
  const keyed = list.map((business, index) => {
    const within = seenPerIndustry.get(business.industry) ?? 0;
    seenPerIndustry.set(business.industry, within + 1);
    return { index, key: within * INDUSTRY_IDS.length + INDUSTRY_IDS.indexOf(business.industry) };
  });
  const ranks = new Array<number>(list.length);
  keyed.sort((a, b) => a.key - b.key).forEach(({ index }, rank) => (ranks[index] = rank));
  return ranks;
}

/**
 * Loads the demo businesses and Shine Stories into an empty database (spec: "load into an empty database").
 * Does nothing if either table already has a row, so it is safe to call at every start-up.
 */
export async function seedDemoContent({
  db,
  storage,
  logger,
  now = new Date(),
  timeZone = "America/Los_Angeles",
}: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  // Cheap check first so a populated database never pays for rendering ~100 images.
  if (!(await isEmpty(db))) {
    logger?.info({}, "Demo content skipped: the database already has businesses or stories");
    return { skipped: true };
  }

  const store = async (key: string, render: () => Promise<Buffer>) => {
    const image = await render();
    await storage.put(key, Readable.from(image), { contentType: "image/webp" });
    return storage.publicUrl(key);
  };

  // Images go to storage before the transaction: storage can't take part in it, and the keys are fixed, so a run
  // that loses the race below (or fails) just leaves files the next run overwrites with the same bytes.
  type ImageJob = { key: string; render: () => Promise<Buffer> };
  const businessSlugs = DEMO_BUSINESSES.map((business) => slugify(business.name));
  const storySlugs = DEMO_STORIES.map((story) => slugify(story.title));
  const jobs: ImageJob[] = [
    ...DEMO_BUSINESSES.flatMap((business, i) => {
      const banner: ImageJob = {
        key: `demo/business-${businessSlugs[i]}.webp`,
        render: () => renderBusinessImage(business),
      };
      const ownerName = business.ownerName;
      return ownerName
        ? [
            banner,
            { key: `demo/owner-${businessSlugs[i]}.webp`, render: () => renderOwnerPortrait(ownerName) },
          ]
        : [banner];
    }),
    ...DEMO_STORIES.map((story, i) => ({
      key: `story-backgrounds/demo-${storySlugs[i]}.webp`,
      render: () => renderStoryBackground(story),
    })),
  ];
  const urls = new Map<string, string>();
  await mapLimit(jobs, 4, async (job) => urls.set(job.key, await store(job.key, job.render)));
  const imagesDone = performance.now();

  const ranks = recencyRanks(DEMO_BUSINESSES);
  const result = await db.transaction(async (tx): Promise<SeedDemoResult> => {
    // Two instances starting together against one PostgreSQL must not both seed: this lock makes the second wait
    // for the first to commit, then see the rows and skip. It blocks nobody else's reads.
    await tx.execute(sql`lock table ${businesses}, ${businessStories} in share row exclusive mode`);
    if (!(await isEmpty(tx))) return { skipped: true };

    await tx
      .insert(users)
      .values({ ...DEMO_OWNER, emailVerified: true, role: "user" })
      .onConflictDoNothing();
    // If someone else already owns the demo email, leave the businesses unowned rather than hand them to them.
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, DEMO_OWNER.id));
    const ownerId = owner?.id ?? null;

    const inserted = await tx
      .insert(businesses)
      .values(
        DEMO_BUSINESSES.map((business, i) => ({
          userId: ownerId,
          name: business.name,
          description: business.description ?? null,
          industry: business.industry,
          address: business.address,
          city: business.city,
          state: DEMO_STATE,
          zipCode: business.zipCode,
          phone: business.phone ?? null,
          email: business.email ?? null,
          website: business.website ?? null,
          imageUrl: urls.get(`demo/business-${businessSlugs[i]}.webp`) ?? null,
          rating: business.rating,
          reviewCount: business.reviewCount,
          offerText: business.offerText ?? null,
          ownerName: business.ownerName ?? null,
          ownerBio: business.ownerBio ?? null,
          ownerImageUrl: business.ownerName
            ? (urls.get(`demo/owner-${businessSlugs[i]}.webp`) ?? null)
            : null,
          qualityDescription: business.qualityDescription ?? null,
          communityDescription: business.communityDescription ?? null,
          sustainabilityDescription: business.sustainabilityDescription ?? null,
          latitude: business.latitude,
          longitude: business.longitude,
          // An hour apart so "newest first" has a stable, meaningful order.
          createdAt: new Date(now.getTime() - ranks[i] * 3_600_000),
        })),
      )
      .returning({ id: businesses.id, name: businesses.name });
    // Each story about a demo business names its listing: the story links to it, the listing lists the story.
    const businessIds = new Map(inserted.map((row) => [row.name, row.id]));

    await tx.insert(businessStories).values(
      DEMO_STORIES.map((story, i) => ({
        id: demoStoryId(story.title),
        title: story.title,
        description: story.description,
        shortDescription: story.shortDescription,
        content: story.content ?? null,
        industry: story.industry,
        author: story.author,
        publishDate: demoPublishDate(story.publishOffsetDays, now, timeZone),
        isFeatured: story.isFeatured,
        backgroundImageUrl: urls.get(`story-backgrounds/demo-${storySlugs[i]}.webp`) ?? null,
        userId: null,
        businessId: story.business ? (businessIds.get(story.business) ?? null) : null,
      })),
    );
    return { businesses: DEMO_BUSINESSES.length, stories: DEMO_STORIES.length };
  });

  const finished = performance.now();
  if ("skipped" in result) {
    logger?.info({}, "Demo content skipped: another process seeded the database first");
  } else {
    logger?.info(
      {
        ...result,
        images: jobs.length,
        imagesMs: Math.round(imagesDone - started),
        totalMs: Math.round(finished - started),
      },
      "Demo content loaded",
    );
  }
  return result;
}
