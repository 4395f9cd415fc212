import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "~/lib/zod";
import type { Database } from "../infra/db/client";
import { media } from "../infra/db/schema";
import { enqueueJob } from "../infra/jobs/enqueue";
import { PermanentJobError, type JobHandler } from "../infra/jobs/types";
import type { Storage } from "../infra/storage";
import { download, prepareImage, prepareVideo, storeRenditions } from "./renditions";
import type { MediaTools } from "./tools";

/** The job kind that makes a media item ready for screens. */
export const MEDIA_JOB = "media.process";

export const MediaJobPayload = z.object({ mediaId: z.uuid() });

/** Shown when processing failed for a reason of ours, after every attempt. */
export const PROCESSING_FAILED = "This file could not be processed. Please try uploading it again.";
export const SOURCE_MISSING = "The uploaded file is missing. Please upload it again.";

/**
 * Marks a media item as processing and queues its job (one per item at a time). Call it in the transaction that
 * creates the item, then `jobs.wake(MEDIA_JOB)` once that commits.
 */
export async function queueMediaProcessing(db: Database, mediaId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(media)
      .set({ processingStatus: "processing", processingError: null })
      .where(eq(media.id, mediaId));
    await enqueueJob(tx, MEDIA_JOB, { mediaId }, { dedupeKey: mediaId });
  });
}

async function markFailed(db: Database, mediaId: string, reason: string) {
  await db
    .update(media)
    .set({ processingStatus: "failed", processingError: reason })
    .where(eq(media.id, mediaId));
}

export interface MediaProcessingOptions {
  db: Database;
  storage: Storage;
  tools: MediaTools;
  logger: Logger;
}

/**
 * The `media.process` job: a video is probed and, unless already H.264/AAC MP4, transcoded, with a poster frame;
 * an image is normalized; every rendition is hashed and stored. One at a time across all instances: transcoding
 * takes a core.
 */
export function createMediaProcessing({ db, storage, tools, logger }: MediaProcessingOptions): JobHandler {
  const log = logger.child({ component: "media-processing" });
  return {
    concurrency: 1,
    maxAttempts: 3,
    leaseSeconds: 60,
    async run(payload, job) {
      const parsed = MediaJobPayload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError("a media job needs { mediaId }");
      const { mediaId } = parsed.data;
      const [item] = await db
        .select({ key: media.storageKey, type: media.fileType })
        .from(media)
        .where(eq(media.id, mediaId));
      if (!item) return; // deleted since it was queued
      const started = performance.now();
      // Named for the item, so a run cut short by a killed process leaves nothing behind once the job runs again.
      const work = path.join(os.tmpdir(), `ls-media-${mediaId}`);
      await fs.rm(work, { recursive: true, force: true });
      await fs.mkdir(work, { mode: 0o700 });
      try {
        const source = path.join(work, "source");
        if (!(await download(storage, item.key, source)))
          return await markFailed(db, mediaId, SOURCE_MISSING);
        const prepared = item.type.startsWith("image/")
          ? await prepareImage(source, work)
          : await prepareVideo(tools, source, item.type, work, job.signal);
        if ("reason" in prepared) {
          await markFailed(db, mediaId, prepared.reason);
          log.info({ mediaId, reason: prepared.reason }, "media cannot be shown on screens");
          return;
        }
        await storeRenditions(db, storage, mediaId, item.key, prepared.files);
        const ms = Math.round(performance.now() - started);
        log.info({ mediaId, how: prepared.how, ms }, "media ready for screens");
      } catch (error) {
        if (job.attempt >= job.maxAttempts && !job.signal.aborted)
          await markFailed(db, mediaId, PROCESSING_FAILED);
        throw error;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
  };
}
