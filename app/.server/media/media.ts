import { and, desc, eq, or, sql } from "drizzle-orm";
import { shapeOf } from "~/lib/media-shape";
import { alias } from "drizzle-orm/pg-core";
import type { FlashToast } from "~/lib/flash-toast";
import { MAX_MEDIA_BYTES, MEDIA_TOASTS, type MediaItem, type MediaUploadFields } from "~/lib/media";
import { MEDIA_TYPES } from "~/lib/upload-types";
import type { Viewer } from "../auth/guards";
import type { Database } from "../infra/db/client";
import {
  ads,
  businesses,
  businessStories,
  media,
  mediaRenditions,
  type RenditionKind,
} from "../infra/db/schema";
import { logger } from "../infra/logging/logger";
import type { Storage } from "../infra/storage";
import { deleteWithThumbnails } from "../infra/storage/thumbnails";
import {
  cancelMediaProcessing,
  deleteRenditionRows,
  MEDIA_JOB,
  queueMediaProcessing,
} from "../media-processing";
import type { Services } from "../services";
import {
  claimStorage,
  storageLimitBytes,
  storageQuotaMessage,
  StorageQuotaExceeded,
  type StorageQuota,
} from "./storage-quota";
import {
  bodyBudget,
  discardUploads,
  type ReceiveOptions,
  type StoredUpload,
  type UploadRefusalReason,
} from "../infra/uploads";

const mediaItemColumns = {
  id: media.id,
  title: media.title,
  description: media.description,
  fileName: media.fileName,
  fileUrl: media.fileUrl,
  fileType: media.fileType,
  fileSize: media.fileSize,
  createdAt: media.createdAt,
  processingStatus: media.processingStatus,
  processingError: media.processingError,
};

/**
 * Whether a listing or a story shows the media row's file, as a column of a query over `media`. Business and
 * story images are media items too (docs/product.md#uploads), so an owner may delete one from the dashboard while their
 * listing still shows it.
 */
function fileInUse() {
  return sql<boolean>`(exists (select 1 from ${businesses} where ${or(
    eq(businesses.imageUrl, media.fileUrl),
    eq(businesses.ownerImageUrl, media.fileUrl),
  )}) or exists (select 1 from ${businessStories} where ${eq(businessStories.backgroundImageUrl, media.fileUrl)}))`;
}

/**
 * The item's id, table and all, for subqueries in its select list (where Drizzle names columns without their table,
 * and `"id"` would be the subquery's own).
 */
const mediaIdColumn = sql`${media}.${sql.identifier("id")}`;

/** One kind of an item's renditions, to join to a query over `media`: the table under that name, and the condition. */
function renditionOf<Kind extends RenditionKind>(kind: Kind) {
  const table = alias(mediaRenditions, kind);
  return [table, and(eq(table.mediaId, media.id), eq(table.kind, kind))] as const;
}

/**
 * The viewer's own media, newest first, not paged (docs/product.md#lists-and-order), with each item's processing
 * state, what screens show of it once ready, and how many ads use it.
 */
export async function listMediaForOwner(
  { db, storage }: { db: Database; storage: Pick<Storage, "publicUrl"> },
  viewer: Pick<Viewer, "id">,
): Promise<MediaItem[]> {
  const [video, onVideo] = renditionOf("video");
  const [image, onImage] = renditionOf("image");
  const [poster, onPoster] = renditionOf("poster");
  const rows = await db
    .select({
      ...mediaItemColumns,
      inUse: fileInUse(),
      durationSec: video.durationSec,
      videoKey: video.storageKey,
      imageKey: image.storageKey,
      width: sql<number | null>`coalesce(${video.width}, ${image.width})`,
      height: sql<number | null>`coalesce(${video.height}, ${image.height})`,
      posterKey: poster.storageKey,
      adsCount: sql<number>`(select count(*) from ${ads} where ${ads.mediaId} = ${mediaIdColumn})`.mapWith(
        Number,
      ),
    })
    .from(media)
    .leftJoin(video, onVideo)
    .leftJoin(image, onImage)
    .leftJoin(poster, onPoster)
    .where(eq(media.userId, viewer.id))
    .orderBy(desc(media.createdAt), desc(media.id));
  const urlOf = (key: string | null) => (key ? storage.publicUrl(key) : null);
  return rows.map(({ videoKey, imageKey, posterKey, width, height, ...item }) => ({
    ...item,
    shape: shapeOf(width, height),
    screenUrl: urlOf(videoKey ?? imageKey),
    posterUrl: urlOf(posterKey),
  }));
}

export type UploadMediaResult =
  { ok: true; media: MediaItem } | { ok: false; status: number; toast: FlashToast };

/** The upload form's file field: images and videos by their content, stored under the uploader's id. */
export function mediaUploadRules(viewer: Pick<Viewer, "id">): ReceiveOptions["files"] {
  return { file: { allow: MEDIA_TYPES, maxBytes: MAX_MEDIA_BYTES, keyPrefix: `${viewer.id}/` } };
}

/** The most an upload request may weigh: what a refused request is read (and thrown away) up to. */
export const MEDIA_BODY_BUDGET = bodyBudget({ files: mediaUploadRules({ id: "" }) });

/**
 * The upload dialog's save: records the file the form's receiver stored (under `{user id}/{timestamp}-{random}.{detected
 * ext}`, its text fields already checked with MediaUploadSchema) as the viewer's media item, within the account's
 * storage quota (./storage-quota.ts), claimed under a lock in the insert's transaction. If the row cannot be
 * written, the file is removed again: an upload past the quota gets the storage-full toast, any other failure is
 * thrown.
 */
export async function uploadMedia(
  { db, storage, env, jobs }: Pick<Services, "db" | "storage" | "env" | "jobs">,
  viewer: Pick<Viewer, "id" | "isAdmin">,
  fields: MediaUploadFields,
  file: StoredUpload,
): Promise<UploadMediaResult> {
  try {
    const row = await db.transaction(async (tx) => {
      await claimStorage(tx, viewer.id, file.size, storageLimitBytes(env, viewer));
      const [inserted] = await tx
        .insert(media)
        .values({
          userId: viewer.id,
          title: fields.title,
          description: fields.description,
          notes: fields.notes,
          fileName: file.originalName,
          fileUrl: file.url,
          storageKey: file.key,
          fileType: file.mimeType,
          fileSize: file.size,
        })
        .returning(mediaItemColumns);
      // Made ready for screens in the background (docs/architecture.md, "Media for screens").
      await queueMediaProcessing(tx, inserted!.id);
      return inserted!;
    });
    jobs.wake(MEDIA_JOB);
    const item: MediaItem = {
      ...row,
      processingStatus: "processing" as const,
      inUse: false,
      durationSec: null,
      shape: null,
      screenUrl: null,
      posterUrl: null,
      adsCount: 0,
    };
    return { ok: true, media: item };
  } catch (error) {
    await discardUploads(storage, { file });
    // Another upload of this account was recorded while this one streamed in.
    if (error instanceof StorageQuotaExceeded) {
      return { ok: false, status: 413, toast: storageFullToast(error.quota) };
    }
    throw error;
  }
}

/** Whether the account has no room left at all: its upload is refused before a byte of it is read. */
export function isStorageFull(quota: StorageQuota | null): quota is StorageQuota {
  return quota !== null && quota.usedBytes >= quota.limitBytes;
}

/** The storage-full toast, saying the account's limit and what is left of it. */
export function storageFullToast(quota: StorageQuota): FlashToast {
  return { ...MEDIA_TOASTS.storageFull, description: storageQuotaMessage(quota) };
}

/**
 * The spec's toast for an upload the pipeline refused; `quota` is the account's as the upload began (an upload
 * refused for the quota names what was left of it).
 */
export function uploadRefusalToast(
  reason: UploadRefusalReason,
  quota: StorageQuota | null = null,
): FlashToast {
  switch (reason) {
    case "invalid-type":
      return MEDIA_TOASTS.invalidType;
    case "too-large":
      return MEDIA_TOASTS.tooLarge;
    case "image-too-large":
      return MEDIA_TOASTS.imageTooLarge;
    case "over-quota":
      return quota ? storageFullToast(quota) : MEDIA_TOASTS.uploadFailed;
    default:
      return MEDIA_TOASTS.uploadFailed;
  }
}

/**
 * Delete (docs/product.md#deleting): removes the viewer's own row (id AND user_id, so another owner's id is simply not
 * found), with the ads made from it, then its renditions for screens and its file and resized copies, unless a listing
 * or story still shows that file: then the file stays, so deleting an item from the dashboard never blanks a
 * listing's image. Its processing stops: the job is cancelled with the row, and a running ffmpeg is killed at once
 * here or at the next lease check on another instance. The row is the record of truth: if a file's removal fails,
 * the orphan is logged, not shown.
 */
export async function deleteMedia(
  { db, storage, jobs }: Pick<Services, "db" | "storage" | "jobs">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true } | { ok: false; status: 404 }> {
  const row = await db.transaction(async (tx) => {
    // Locks the row first: a processing job storing renditions right now either finished (its renditions are
    // removed here) or finds the item gone and removes its own files (../media-processing/renditions.ts).
    const [owned] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, id), eq(media.userId, viewer.id)))
      .for("update");
    if (!owned) return null;
    const cancelled = await cancelMediaProcessing(tx, id);
    const renditionKeys = await deleteRenditionRows(tx, id);
    const [deleted] = await tx
      .delete(media)
      .where(eq(media.id, id))
      .returning({ key: media.storageKey, inUse: fileInUse() });
    return { ...deleted!, renditionKeys, cancelled };
  });
  if (!row) return { ok: false, status: 404 };
  jobs.cancel(row.cancelled);
  await removeFiles(id, row.renditionKeys, (key) => storage.delete(key));
  if (row.inUse) {
    logger.info(
      { key: row.key, mediaId: id },
      "media row deleted; its file stays, a listing or story shows it",
    );
    return { ok: true };
  }
  await removeFiles(id, [row.key], (key) => deleteWithThumbnails(storage, key));
  return { ok: true };
}

/** Removes a deleted item's files one by one, logging (not throwing) those that could not be removed. */
async function removeFiles(mediaId: string, keys: string[], remove: (key: string) => Promise<unknown>) {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await remove(key);
      } catch (error) {
        logger.error({ err: error, key, mediaId }, "media row deleted but a file could not be removed");
      }
    }),
  );
}
