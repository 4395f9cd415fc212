import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/guards";
import { ads, businesses, media, type MediaProcessingStatus } from "../infra/db/schema";
import type { MediaShape } from "~/lib/media-shape";
import {
  readRenditions,
  screenMediaOf,
  shapeOfRenditions,
  videoSecondsOf,
  type ScreenMedia,
} from "../media/screen-media";
import type { Services } from "../services";
import { selectAds, toViews, type AdView } from "./ad-views";

// An owner's ads (docs/product.md#ads): their list, one ad, what the editor offers, pause and delete. Every
// statement carries `user_id = viewer.id`, so another owner's ad id matches nothing. Saving is save-ad.ts.

/** The viewer's own ads, newest first. */
export async function listAdsForOwner(
  services: Pick<Services, "db" | "storage" | "env">,
  viewer: Pick<Viewer, "id">,
): Promise<AdView[]> {
  const rows = await selectAds(services.db)
    .where(eq(ads.userId, viewer.id))
    .orderBy(desc(ads.createdAt), desc(ads.id));
  return toViews(services, rows);
}

/** One of the viewer's own ads, or null (someone else's id answers like a missing one). */
export async function getAdForOwner(
  services: Pick<Services, "db" | "storage" | "env">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<AdView | null> {
  const rows = await selectAds(services.db).where(and(eq(ads.id, id), eq(ads.userId, viewer.id)));
  const [view] = await toViews(services, rows);
  return view ?? null;
}

export interface EditorMediaChoice {
  id: string;
  title: string;
  media: ScreenMedia;
  status: MediaProcessingStatus | null;
  error: string | null;
  videoSeconds: number | null;
  /** Tall, wide or square once processed (what it fills on a screen). */
  shape: MediaShape | null;
}

export interface EditorChoices {
  listings: { id: string; name: string; website: string | null }[];
  media: EditorMediaChoice[];
}

/** What the ad editor offers: the viewer's listings and media items (newest first). */
export async function adEditorChoices(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: Pick<Viewer, "id">,
): Promise<EditorChoices> {
  const [listings, items] = await Promise.all([
    db
      .select({ id: businesses.id, name: businesses.name, website: businesses.website })
      .from(businesses)
      .where(eq(businesses.userId, viewer.id))
      .orderBy(asc(businesses.name)),
    db
      .select({
        id: media.id,
        title: media.title,
        mediaType: media.fileType,
        mediaUrl: media.fileUrl,
        mediaStatus: media.processingStatus,
        error: media.processingError,
      })
      .from(media)
      .where(
        and(
          eq(media.userId, viewer.id),
          sql`(${media.fileType} like 'image/%' or ${media.fileType} like 'video/%')`,
        ),
      )
      .orderBy(desc(media.createdAt), desc(media.id)),
  ]);
  const renditions = await readRenditions(
    db,
    items.map((item) => item.id),
  );
  return {
    listings,
    media: items.map((item) => {
      const info = renditions.get(item.id);
      return {
        id: item.id,
        title: item.title,
        media: screenMediaOf(storage, item, info),
        status: item.mediaStatus,
        error: item.error,
        videoSeconds: videoSecondsOf(item.mediaType, info),
        shape: shapeOfRenditions(info),
      };
    }),
  };
}

export type AdChangeResult =
  { ok: true } | { ok: false; status: 404 } | { ok: false; status: 409; reason: "admin-paused" };

/** The owner's pause and resume. An ad an admin paused stays paused until an admin resumes it. */
export async function setAdPausedByOwner(
  { db }: Pick<Services, "db">,
  viewer: Pick<Viewer, "id">,
  id: string,
  paused: boolean,
): Promise<AdChangeResult> {
  const owned = and(eq(ads.id, id), eq(ads.userId, viewer.id));
  if (paused) {
    const rows = await db
      .update(ads)
      .set({ pausedAt: sql`coalesce(${ads.pausedAt}, now())` })
      .where(owned)
      .returning({ id: ads.id });
    return rows.length ? { ok: true } : { ok: false, status: 404 };
  }
  const rows = await db
    .update(ads)
    .set({ pausedAt: null })
    .where(and(owned, eq(ads.pausedByAdmin, false)))
    .returning({ id: ads.id });
  if (rows.length) return { ok: true };
  const [exists] = await db.select({ id: ads.id }).from(ads).where(owned);
  return exists ? { ok: false, status: 409, reason: "admin-paused" } : { ok: false, status: 404 };
}

/** Deletes one of the viewer's ads (its scans and plays keep their counts, see docs/product.md#ads). */
export async function deleteAd(
  { db }: Pick<Services, "db">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true } | { ok: false; status: 404 }> {
  const rows = await db
    .delete(ads)
    .where(and(eq(ads.id, id), eq(ads.userId, viewer.id)))
    .returning({ id: ads.id });
  return rows.length ? { ok: true } : { ok: false, status: 404 };
}
