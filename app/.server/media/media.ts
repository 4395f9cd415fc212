import { and, desc, eq, or, sql } from "drizzle-orm";
import type { FlashToast } from "~/lib/flash-toast";
import {
  MAX_MEDIA_BYTES,
  MEDIA_TOASTS,
  MediaUploadSchema,
  uploadFieldsToast,
  type MediaItem,
} from "~/lib/media";
import { MEDIA_TYPES } from "~/lib/upload-types";
import type { Viewer } from "../auth/guards";
import type { Database } from "../db/client";
import { businesses, businessStories, media } from "../db/schema";
import { logger } from "../logger";
import { deleteWithThumbnails } from "../storage/thumbnails";
import type { Services } from "../services";
import {
  claimStorage,
  storageQuotaMessage,
  storageQuotaOf,
  StorageQuotaExceeded,
  uploadQuotaOf,
  type StorageQuota,
} from "./storage-quota";
import {
  bodyBudget,
  discardRequestBody,
  discardUploads,
  receiveMultipartUpload,
  UploadError,
  type ReceiveOptions,
} from "../uploads";

const mediaItemColumns = {
  id: media.id,
  title: media.title,
  description: media.description,
  fileName: media.fileName,
  fileUrl: media.fileUrl,
  fileType: media.fileType,
  fileSize: media.fileSize,
  createdAt: media.createdAt,
};

/**
 * Whether a listing or a story shows the media row's file, as a column of a query over `media`. Business and
 * story images are media items too (spec §7), so an owner may delete one from the dashboard while their listing
 * still shows it.
 */
function fileInUse() {
  return sql<boolean>`(exists (select 1 from ${businesses} where ${or(
    eq(businesses.imageUrl, media.fileUrl),
    eq(businesses.ownerImageUrl, media.fileUrl),
  )}) or exists (select 1 from ${businessStories} where ${eq(businessStories.backgroundImageUrl, media.fileUrl)}))`;
}

/** Spec §7: the viewer's own media, newest first (the list is not paged, §9). */
export async function listMediaForOwner(db: Database, viewer: Pick<Viewer, "id">): Promise<MediaItem[]> {
  return db
    .select({ ...mediaItemColumns, inUse: fileInUse() })
    .from(media)
    .where(eq(media.userId, viewer.id))
    .orderBy(desc(media.createdAt), desc(media.id));
}

export type UploadMediaResult =
  { ok: true; media: MediaItem } | { ok: false; status: number; toast: FlashToast };

/** Raised from inside the stream (before the file is stored) when the text fields do not pass the schema. */
class FieldsRefused extends Error {
  constructor(readonly toast: FlashToast) {
    super(toast.description);
  }
}

function mediaUploadRules(viewer: Pick<Viewer, "id">): ReceiveOptions["files"] {
  return { file: { allow: MEDIA_TYPES, maxBytes: MAX_MEDIA_BYTES, keyPrefix: `${viewer.id}/` } };
}

/** The most an upload request may weigh: what a refused request is read (and thrown away) up to. */
export const MEDIA_BODY_BUDGET = bodyBudget({ files: mediaUploadRules({ id: "" }) });

/**
 * Spec §5/§7 upload: reads the streamed form, refuses bad titles before the file is stored, stores the file
 * under `{user id}/{timestamp}-{random}.{detected ext}` and records the row, within the account's storage quota
 * (./storage-quota.ts). On any refusal or failure nothing is kept. Expected refusals come back as the spec's
 * toast; unexpected failures throw (after cleaning up).
 */
export async function uploadMedia(
  { db, storage, env }: Pick<Services, "db" | "storage" | "env">,
  viewer: Pick<Viewer, "id" | "isAdmin">,
  request: Request,
): Promise<UploadMediaResult> {
  const quota = await storageQuotaOf(db, env, viewer);
  if (quota && quota.usedBytes >= quota.limitBytes) {
    discardRequestBody(request, MEDIA_BODY_BUDGET);
    return overQuota(quota);
  }
  let received;
  try {
    received = await receiveMultipartUpload(request, storage, {
      files: mediaUploadRules(viewer),
      beforeFile: (_name, fields) => {
        const parsed = MediaUploadSchema.safeParse(fields);
        if (!parsed.success) throw new FieldsRefused(uploadFieldsToast(parsed.error));
      },
      quota: uploadQuotaOf(quota),
    });
  } catch (error) {
    if (error instanceof FieldsRefused) return { ok: false, status: 400, toast: error.toast };
    if (error instanceof UploadError)
      return error.reason === "over-quota" ? overQuota(quota!) : refusal(error);
    throw error;
  }

  const file = received.files.file;
  if (!file) return { ok: false, status: 400, toast: MEDIA_TOASTS.noFile };
  const fields = MediaUploadSchema.safeParse(received.fields);
  if (!fields.success) {
    await discardUploads(storage, received.files);
    return { ok: false, status: 400, toast: uploadFieldsToast(fields.error) };
  }

  try {
    const [row] = await db.transaction(async (tx) => {
      await claimStorage(tx, viewer.id, file.size, quota?.limitBytes ?? null);
      return tx
        .insert(media)
        .values({
          userId: viewer.id,
          title: fields.data.title,
          description: fields.data.description,
          notes: fields.data.notes,
          fileName: file.originalName,
          fileUrl: file.url,
          storageKey: file.key,
          fileType: file.mimeType,
          fileSize: file.size,
        })
        .returning(mediaItemColumns);
    });
    return { ok: true, media: { ...row!, inUse: false } };
  } catch (error) {
    await discardUploads(storage, received.files);
    // Another upload of this account was recorded while this one streamed in.
    if (error instanceof StorageQuotaExceeded) return overQuota(error.quota);
    throw error;
  }
}

function overQuota(quota: StorageQuota): UploadMediaResult {
  return {
    ok: false,
    status: 413,
    toast: { ...MEDIA_TOASTS.storageFull, description: storageQuotaMessage(quota) },
  };
}

function refusal(error: UploadError): UploadMediaResult {
  switch (error.reason) {
    case "invalid-type":
      return { ok: false, status: error.status, toast: MEDIA_TOASTS.invalidType };
    case "too-large":
      return { ok: false, status: error.status, toast: MEDIA_TOASTS.tooLarge };
    case "image-too-large":
      return { ok: false, status: error.status, toast: MEDIA_TOASTS.imageTooLarge };
    default:
      return { ok: false, status: error.status, toast: MEDIA_TOASTS.uploadFailed };
  }
}

/**
 * Spec §7 delete: removes the viewer's own row (id AND user_id, so another owner's id is simply not found) and
 * then its file and resized copies, unless a listing or story still shows that file: then the file stays, so
 * deleting an item from the dashboard never blanks a listing's image. The row is the record of truth: if the
 * file removal fails, the orphan is logged, not shown.
 */
export async function deleteMedia(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true } | { ok: false; status: 404 }> {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.id, id), eq(media.userId, viewer.id)))
    .returning({ key: media.storageKey, inUse: fileInUse() });
  if (!row) return { ok: false, status: 404 };
  if (row.inUse) {
    logger.info(
      { key: row.key, mediaId: id },
      "media row deleted; its file stays, a listing or story shows it",
    );
    return { ok: true };
  }
  try {
    await deleteWithThumbnails(storage, row.key);
  } catch (error) {
    logger.error(
      { err: error, key: row.key, mediaId: id },
      "media row deleted but its file could not be removed",
    );
  }
  return { ok: true };
}
