// Media items recorded as an owner's upload would record them, for the media-processing tests.
import { createReadStream } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../app/.server/infra/db/client";
import { jobs, media } from "../../app/.server/infra/db/schema";
import type { Storage } from "../../app/.server/infra/storage";
import { MEDIA_JOB, queueMediaProcessing } from "../../app/.server/media-processing";

let count = 0;

/** Stores `file` under the owner's prefix, records the media row and queues its processing; answers its id. */
export async function recordMedia(
  { db, storage }: { db: Database; storage: Storage },
  owner: string,
  file: string,
  fileType: string,
) {
  const storageKey = `${owner}/${Date.now()}-${++count}${path.extname(file)}`;
  const { size } = await storage.put(storageKey, createReadStream(file), { contentType: fileType });
  const [row] = await db
    .insert(media)
    .values({
      userId: owner,
      title: path.basename(file),
      fileName: path.basename(file),
      fileUrl: storage.publicUrl(storageKey),
      storageKey,
      fileType,
      fileSize: size,
    })
    .returning({ id: media.id });
  await queueMediaProcessing(db, row!.id);
  return row!.id;
}

/** The media item's row, or undefined once deleted. */
export async function mediaRow(db: Database, id: string) {
  return (await db.select().from(media).where(eq(media.id, id)))[0];
}

/** The media item's processing job, or undefined when there is none (finished and pruned, or cancelled). */
export async function mediaJob(db: Database, id: string) {
  const rows = await db.select().from(jobs).where(eq(jobs.dedupeKey, id));
  return rows.find((row) => row.kind === MEDIA_JOB);
}

/** The ffmpeg (or ffprobe) this process runs for the media item, found by its work directory in the command line. */
export function toolFor(children: { pid: number; command: string }[], mediaId: string, marker: string) {
  return children.find(
    (child) => child.command.includes(`ls-media-${mediaId}`) && child.command.includes(marker),
  );
}
