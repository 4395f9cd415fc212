// The data and page mix of the load benches (bench/load.ts, bench/compare.ts): a mix of home, directory,
// business and story pages over 10,000 businesses and 500 stories.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/infra/db/client";
import { businesses, businessStories } from "../app/.server/infra/db/schema";
import { INDUSTRY_IDS } from "../app/lib/industries";

export interface LoadData {
  businessIds: string[];
  storyIds: string[];
}

/**
 * Seeds `businesses` businesses and `stories` stories into a fresh database (embedded at `dataDir`, or
 * PostgreSQL at `databaseUrl`) and returns their ids.
 */
export async function seedLoadData(
  target: { dataDir: string } | { databaseUrl: string },
  { businesses: total, stories: storyCount }: { businesses: number; stories: number },
): Promise<LoadData> {
  const handle = await openDatabase(target);
  await handle.migrate();
  const businessIds: string[] = [];
  const storyIds: string[] = [];
  for (let offset = 0; offset < total; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - offset) }, (_, i) => {
      const n = offset + i;
      const id = randomUUID();
      businessIds.push(id);
      return {
        id,
        name: `Bench Business ${n}`,
        description: "A neighborhood business used by the load benchmark.",
        industry: INDUSTRY_IDS[n % INDUSTRY_IDS.length],
        address: `${100 + (n % 900)} Ventura Blvd`,
        city: n % 2 ? "Woodland Hills" : "Tarzana",
        state: "CA",
        zipCode: String(91300 + (n % 100)),
        phone: "(818) 555-0100",
        rating: (n % 50) / 10,
        reviewCount: n % 300,
        offerText: "10% off when you mention the kiosk",
        createdAt: new Date(Date.now() - n * 60_000),
      };
    });
    await handle.db.insert(businesses).values(rows);
  }
  const stories = Array.from({ length: storyCount }, (_, n) => {
    const id = randomUUID();
    storyIds.push(id);
    return {
      id,
      title: `Bench story ${n}`,
      description: "How a kiosk brought new neighbors through the door.",
      shortDescription: "A kiosk success story.",
      content: "## A good year\n\nFoot traffic grew, and so did the community around the shop.",
      industry: INDUSTRY_IDS[n % INDUSTRY_IDS.length],
      author: `Author ${n}`,
      publishDate: new Date(Date.now() - (n + 1) * 86_400_000).toISOString().slice(0, 10),
      isFeatured: n % 10 === 0,
    };
  });
  await handle.db.insert(businessStories).values(stories);
  // Planner statistics for the fresh rows, as a settled database has (and so PostgreSQL's autovacuum does not
  // start analysing in the middle of the first run).
  await handle.db.execute(sql`analyze`);
  await handle.close();
  return { businessIds, storyIds };
}

/** The page mix, one path per call: home, a directory page (1–20), a business (of 200) and a story (of 100). */
export function pageMix({ businessIds, storyIds }: LoadData): () => string {
  let i = 0;
  return () => {
    i++;
    switch (i % 4) {
      case 0:
        return "/";
      case 1:
        return `/local-shiners/all?page=${1 + (i % 20)}`;
      case 2:
        return `/business/${businessIds[i % 200]}`;
      default:
        return `/story/${storyIds[i % 100]}`;
    }
  };
}
