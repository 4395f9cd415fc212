import { eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { businesses, businessStories, media } from "../infra/db/schema";
import type { Storage } from "../infra/storage";

/**
 * Whether the database records `key` as a stored original: a media row's file, or the image of a listing (its
 * picture or its owner's) or of a story. Those are every column that holds a stored file; a listing's image may
 * outlive its media row (the owner deleted the item from the dashboard) and demo images have none.
 * Only these originals get resized copies (app/.server/infra/storage/thumbnails.ts).
 */
export async function isKnownOriginal(
  { db, storage }: { db: Database; storage: Pick<Storage, "publicUrl"> },
  key: string,
): Promise<boolean> {
  // Listings and stories keep the URL: the storage's own, or the app's /media one (set before S3_PUBLIC_URL was).
  const urls = [...new Set([storage.publicUrl(key), `/media/${key}`])];
  // Uncorrelated EXISTS subqueries run once each, left to right, and stop at the first that finds a row.
  const [row] = await db
    .select({
      known: sql<boolean>`exists (select 1 from ${media} where ${eq(media.storageKey, key)})
        or exists (select 1 from ${businesses} where ${or(
          inArray(businesses.imageUrl, urls),
          inArray(businesses.ownerImageUrl, urls),
        )})
        or exists (select 1 from ${businessStories} where ${inArray(businessStories.backgroundImageUrl, urls)})`,
    })
    .from(sql`(select 1) as one`);
  return row?.known === true;
}
