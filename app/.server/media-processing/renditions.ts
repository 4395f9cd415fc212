import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { media, mediaRenditions, type RenditionKind } from "../infra/db/schema";
import type { Storage } from "../infra/storage";
import { hashFile } from "./content-hash";
import { normalizeImage } from "./image";
import { outOfBoundsReason, type MediaLimits } from "./limits";
import { probeVideo, UNREADABLE_VIDEO, UnreadableMediaError, unusableReason } from "./probe";
import type { MediaTools } from "./tools";
import { extractPoster, makeScreenVideo } from "./transcode";

/** A rendition made in the work directory, not yet stored. */
export interface RenditionFile {
  kind: RenditionKind;
  file: string;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  durationSec: number | null;
}

/** What processing came to: files to store, or why this media cannot be shown on a screen. */
export type Prepared = { files: RenditionFile[]; how: string } | { reason: string };

/** Copies the stored original into `file`; false when the store no longer has it. */
export async function download(storage: Storage, key: string, file: string): Promise<boolean> {
  const source = await storage.read(key);
  if (!source) return false;
  await pipeline(source, createWriteStream(file));
  return true;
}

export async function prepareImage(source: string, work: string): Promise<Prepared> {
  const file = path.join(work, "image.webp");
  const size = await normalizeImage(source, file);
  return {
    files: [{ kind: "image", file, mimeType: "image/webp", ext: "webp", ...size, durationSec: null }],
    how: "image",
  };
}

/**
 * Probes the video before any work and refuses one a screen cannot play or that is out of bounds (./limits.ts);
 * otherwise makes the screen copy of at most `limits.maxScreenSeconds` and its poster, every tool under a time limit.
 */
export async function prepareVideo(
  tools: MediaTools,
  source: string,
  sourceMime: string,
  work: string,
  signal: AbortSignal,
  limits: MediaLimits,
): Promise<Prepared> {
  const run = { signal, timeLimitMs: limits.toolTimeLimitMs };
  let probe;
  try {
    probe = await probeVideo(tools, source, run);
  } catch (error) {
    if (error instanceof UnreadableMediaError) return { reason: UNREADABLE_VIDEO };
    throw error;
  }
  const reason = unusableReason(probe) ?? outOfBoundsReason(probe, limits);
  if (reason) return { reason };
  const video = path.join(work, "video.mp4");
  const maxSeconds = Math.min(limits.maxScreenSeconds, probe.durationSec!);
  const how = await makeScreenVideo(tools, source, video, probe, sourceMime, {
    maxSeconds: limits.maxScreenSeconds,
    timeLimitMs: limits.transcodeTimeLimitMs(maxSeconds),
    signal,
  });
  // What was actually written, not what was asked for.
  const made = await probeVideo(tools, video, run);
  const poster = path.join(work, "poster.jpg");
  await extractPoster(tools, video, poster, Math.min(1, (made.durationSec ?? 0) / 2), run);
  const size = { width: made.width, height: made.height };
  // A source longer than the copy keeps its own length on record: the card and the ad editor then say it is too
  // long for an ad ("Videos can be at most 30 seconds long.") instead of the owner's video being cut unnoticed.
  const durationSec = probe.durationSec! > limits.maxScreenSeconds ? probe.durationSec : made.durationSec;
  return {
    how,
    files: [
      { kind: "video", file: video, mimeType: "video/mp4", ext: "mp4", ...size, durationSec },
      { kind: "poster", file: poster, mimeType: "image/jpeg", ext: "jpg", ...size, durationSec: null },
    ],
  };
}

/**
 * Stores the renditions (each under a key carrying its hash, so a URL always names the same bytes) and records
 * them with the media item as ready, replacing earlier ones. If the item was deleted meanwhile, its new files go
 * too. Old files are removed once the new rows are committed.
 */
export async function storeRenditions(
  db: Database,
  storage: Storage,
  mediaId: string,
  sourceKey: string,
  files: RenditionFile[],
) {
  const rows: (typeof mediaRenditions.$inferInsert)[] = [];
  for (const rendition of files) {
    const { sha256, bytes } = await hashFile(rendition.file);
    const storageKey = `renditions/${sourceKey}/${rendition.kind}-${sha256.slice(0, 16)}.${rendition.ext}`;
    await storage.put(storageKey, createReadStream(rendition.file), { contentType: rendition.mimeType });
    const { kind, mimeType, width, height, durationSec } = rendition;
    rows.push({ mediaId, kind, storageKey, mimeType, bytes, width, height, durationSec, sha256 });
  }
  const newKeys = new Set(rows.map((row) => row.storageKey));
  const replaced = await db.transaction(async (tx) => {
    // Locks the item's row: a delete waits for this transaction, or has already removed it.
    const [kept] = await tx
      .update(media)
      .set({ processingStatus: "ready", processingError: null })
      .where(eq(media.id, mediaId))
      .returning({ id: media.id });
    if (!kept) return null;
    const old = await tx
      .delete(mediaRenditions)
      .where(eq(mediaRenditions.mediaId, mediaId))
      .returning({ storageKey: mediaRenditions.storageKey });
    await tx.insert(mediaRenditions).values(rows);
    return old.map((row) => row.storageKey);
  });
  const orphans = replaced === null ? [...newKeys] : replaced.filter((key) => !newKeys.has(key));
  await Promise.all(orphans.map((key) => storage.delete(key)));
  return replaced !== null;
}

/**
 * Deletes a media item's rendition rows and answers their storage keys, for the caller to remove the files once
 * its transaction has committed.
 */
export async function deleteRenditionRows(db: Database, mediaId: string): Promise<string[]> {
  const removed = await db
    .delete(mediaRenditions)
    .where(eq(mediaRenditions.mediaId, mediaId))
    .returning({ storageKey: mediaRenditions.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Removes a media item's renditions, rows and files (call before deleting the item itself). */
export async function deleteRenditions(db: Database, storage: Storage, mediaId: string) {
  const keys = await deleteRenditionRows(db, mediaId);
  await Promise.all(keys.map((key) => storage.delete(key)));
}
