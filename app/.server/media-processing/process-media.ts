import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "~/lib/zod";
import type { Database } from "../infra/db/client";
import { media } from "../infra/db/schema";
import { defineJob, runnableJob, type RunnableJob } from "../infra/jobs/define";
import { cancelJobs, enqueue } from "../infra/jobs/enqueue";
import { PermanentJobError } from "../infra/jobs/types";
import type { Storage } from "../infra/storage";
import { download, prepareImage, prepareVideo, storeRenditions } from "./renditions";
import { DEFAULT_MEDIA_LIMITS, PROCESSING_TOO_SLOW, type MediaLimits } from "./limits";
import { TimeLimitExceeded, type MediaTools } from "./tools";

/** The job kind that makes a media item ready for screens. */
export const MEDIA_JOB = "media.process";

export const MediaJobPayload = z.object({ mediaId: z.uuid() });

/** Shown when processing failed for a reason of ours, after every attempt. */
export const PROCESSING_FAILED = "This file could not be processed. Please try uploading it again.";
export const SOURCE_MISSING = "The uploaded file is missing. Please upload it again.";

/**
 * Marks a media item as processing and queues its job (one per item at a time), in its owner's group and, for a
 * video, heavy (see `createMediaProcessing`). Call it in the transaction that creates the item, then
 * `jobs.wake(MEDIA_JOB)` once that commits.
 */
export async function queueMediaProcessing(db: Database, mediaId: string) {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .update(media)
      .set({ processingStatus: "processing", processingError: null })
      .where(eq(media.id, mediaId))
      .returning({ userId: media.userId, fileType: media.fileType });
    if (!item) return;
    await enqueue(
      tx,
      mediaJob,
      { mediaId },
      { dedupeKey: mediaId, groupKey: item.userId, heavy: item.fileType.startsWith("video/") },
    );
  });
}

/**
 * Cancels an item's processing: its job is deleted, so a queued one never runs and a running one stops at its
 * next lease check on whichever instance runs it. Call it in the transaction that deletes the item, then
 * `jobs.cancel(ids)` once that commits, to stop this process's ffmpeg at once.
 */
export function cancelMediaProcessing(db: Database, mediaId: string): Promise<string[]> {
  return cancelJobs(db, mediaJob, mediaId);
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
  /** What one item may cost (./limits.ts); tests shrink them. */
  limits?: Partial<MediaLimits>;
}

interface MediaProcessingDeps {
  db: Database;
  storage: Storage;
  tools: MediaTools;
  log: Logger;
  limits: MediaLimits;
}

/**
 * The `media.process` job: a video is probed and, unless already H.264/AAC MP4, transcoded, with a poster frame;
 * an image is normalized; every rendition is hashed and stored. Fair between owners, across all instances
 * (docs/decisions/077-bounded-fair-media-work.md): one video at a time (a transcode takes a core), one job per
 * owner at a time with owners taking turns, and a second lane so an image never waits behind another owner's video.
 */
export const mediaJob = defineJob({
  kind: MEDIA_JOB,
  payload: MediaJobPayload,
  concurrency: 2,
  heavyConcurrency: 1,
  groupConcurrency: 1,
  lanes: 2,
  maxAttempts: 3,
  leaseSeconds: 60,
  // A deleted item's job is noticed within seconds on any instance (the lease check stops its ffmpeg).
  renewSeconds: 5,
  async run({ mediaId }, job, { db, storage, tools, log, limits }: MediaProcessingDeps) {
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
      if (!(await download(storage, item.key, source))) return await markFailed(db, mediaId, SOURCE_MISSING);
      const prepared = item.type.startsWith("image/")
        ? await prepareImage(source, work)
        : await prepareVideo(tools, source, item.type, work, job.signal, limits);
      if ("reason" in prepared) {
        await markFailed(db, mediaId, prepared.reason);
        log.info({ mediaId, reason: prepared.reason }, "media cannot be shown on screens");
        return;
      }
      await storeRenditions(db, storage, mediaId, item.key, prepared.files);
      const ms = Math.round(performance.now() - started);
      log.info({ mediaId, how: prepared.how, ms }, "media ready for screens");
    } catch (error) {
      if (error instanceof TimeLimitExceeded) {
        // The same file would take as long again: no retry, and its owner is told why.
        await markFailed(db, mediaId, PROCESSING_TOO_SLOW);
        log.warn({ mediaId, error: error.message }, "media processing ran past its time limit");
        throw new PermanentJobError(error.message);
      }
      if (job.attempt >= job.maxAttempts && !job.signal.aborted)
        await markFailed(db, mediaId, PROCESSING_FAILED);
      throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },
});

/** The media job with what it needs from the server, for the job runner. */
export function createMediaProcessing({
  db,
  storage,
  tools,
  logger,
  limits,
}: MediaProcessingOptions): RunnableJob {
  return runnableJob(mediaJob, {
    db,
    storage,
    tools,
    log: logger.child({ component: "media-processing" }),
    limits: { ...DEFAULT_MEDIA_LIMITS, ...limits },
  });
}
