import { inArray } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { mediaRenditions, type MediaProcessingStatus } from "../infra/db/schema";
import type { Storage } from "../infra/storage";
import { shapeOf, type MediaShape } from "~/lib/media-shape";

// What screens are shown of a media item: the renditions media processing made for them
// (docs/decisions/045-media-ready-for-screens.md). The one reader of `media_renditions` for screens: the owner's
// and the admin's ad pages and the kiosks' shared catalog all read them here.

/** One stored rendition of a media item. */
export interface Rendition {
  key: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
  durationSec: number | null;
}

/** A media item's renditions, by kind (each kind at most once per item). */
export interface Renditions {
  video?: Rendition;
  poster?: Rendition;
  image?: Rendition;
}

/** The renditions of some media items, by media id, in one query; an item without any is absent. */
export async function readRenditions(db: Database, mediaIds: string[]): Promise<Map<string, Renditions>> {
  const byMedia = new Map<string, Renditions>();
  const unique = [...new Set(mediaIds)];
  if (unique.length === 0) return byMedia;
  const rows = await db
    .select({
      mediaId: mediaRenditions.mediaId,
      kind: mediaRenditions.kind,
      key: mediaRenditions.storageKey,
      sha256: mediaRenditions.sha256,
      bytes: mediaRenditions.bytes,
      width: mediaRenditions.width,
      height: mediaRenditions.height,
      durationSec: mediaRenditions.durationSec,
    })
    .from(mediaRenditions)
    .where(inArray(mediaRenditions.mediaId, unique));
  for (const { mediaId, kind, ...rendition } of rows) {
    const info = byMedia.get(mediaId) ?? {};
    info[kind] = rendition;
    byMedia.set(mediaId, info);
  }
  return byMedia;
}

/** The picture a screen shows for an ad: the rendition made for screens once ready, else the original. */
export interface ScreenMedia {
  kind: "image" | "video";
  src: string;
  poster: string | null;
  ready: boolean;
}

/** What a screen shows for a media item, from its row and renditions. */
export function screenMediaOf(
  storage: Pick<Storage, "publicUrl">,
  item: { mediaType: string; mediaUrl: string; mediaStatus: MediaProcessingStatus | null },
  renditions: Renditions | undefined,
): ScreenMedia {
  const kind = item.mediaType.startsWith("video/") ? "video" : "image";
  const ready = item.mediaStatus === "ready";
  if (kind === "video" && ready && renditions?.video) {
    return {
      kind,
      src: storage.publicUrl(renditions.video.key),
      poster: renditions.poster ? storage.publicUrl(renditions.poster.key) : null,
      ready,
    };
  }
  if (kind === "image" && ready && renditions?.image) {
    return { kind, src: storage.publicUrl(renditions.image.key), poster: null, ready };
  }
  return { kind, src: item.mediaUrl, poster: null, ready: false };
}

/** A video's length in seconds once known; null for an image or a video not yet processed. */
export function videoSecondsOf(mediaType: string, renditions: Renditions | undefined): number | null {
  return mediaType.startsWith("video/") ? (renditions?.video?.durationSec ?? null) : null;
}

/** The shape screens get of a media item (its screen rendition's size); null until it is processed. */
export function shapeOfRenditions(renditions: Renditions | undefined): MediaShape | null {
  const shown = renditions?.video ?? renditions?.image;
  return shapeOf(shown?.width, shown?.height);
}
