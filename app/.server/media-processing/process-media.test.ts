import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, media, mediaRenditions, users } from "../infra/db/schema";
import { createJobRunner } from "../infra/jobs";
import { createTestServices } from "../../../tests/support/test-services";
import {
  createMediaProcessing,
  deleteRenditions,
  MEDIA_JOB,
  mediaTools,
  PROCESSING_FAILED,
  queueMediaProcessing,
} from ".";
import { makeTestClips, topLevelBoxes, type ClipName } from "../../../tests/support/test-clips";

const OWNER = "media-owner";
const tools = mediaTools({});

describe("media processing job", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let clips: Record<ClipName | "photo.jpg", string>;
  let count = 0;

  /** Stores `file` as an owner's upload would be, records the media row, and queues its processing. */
  async function upload(file: string, fileType: string) {
    const storageKey = `${OWNER}/${Date.now()}-${++count}${path.extname(file)}`;
    const { size } = await services.storage.put(storageKey, createReadStream(file), {
      contentType: fileType,
    });
    const [row] = await services.db
      .insert(media)
      .values({
        userId: OWNER,
        title: path.basename(file),
        fileName: path.basename(file),
        fileUrl: services.storage.publicUrl(storageKey),
        storageKey,
        fileType,
        fileSize: size,
      })
      .returning({ id: media.id });
    await queueMediaProcessing(services.db, row.id);
    return row.id;
  }
  const item = async (id: string) => (await services.db.select().from(media).where(eq(media.id, id)))[0];
  const renditionsOf = (id: string) =>
    services.db
      .select()
      .from(mediaRenditions)
      .where(eq(mediaRenditions.mediaId, id))
      .orderBy(mediaRenditions.kind);
  async function storedBytes(key: string) {
    const stream = await services.storage.read(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values({ id: OWNER, name: "Owner", email: "owner@example.com" });
    const dir = path.join(services.dataDir, "clips");
    await fs.mkdir(dir);
    const photo = path.join(dir, "photo.jpg");
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#2a6" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(photo);
    clips = { ...(await makeTestClips(tools, dir)), "photo.jpg": photo };
  }, 300_000);
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.delete(jobs);
  });

  it(
    "makes a MOV ready: an H.264 MP4 and its poster, each stored under its hash",
    { timeout: 300_000 },
    async () => {
      const id = await upload(clips["big.mov"], "video/quicktime");
      expect(await item(id)).toMatchObject({ processingStatus: "processing", processingError: null });
      expect(await services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });

      expect(await item(id)).toMatchObject({ processingStatus: "ready", processingError: null });
      const [poster, video] = await renditionsOf(id);
      expect(video).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 1920, height: 1080 });
      expect(video.durationSec).toBeCloseTo(2, 0);
      expect(poster).toMatchObject({
        kind: "poster",
        mimeType: "image/jpeg",
        width: 1920,
        height: 1080,
        durationSec: null,
      });
      for (const rendition of [video, poster]) {
        const bytes = await storedBytes(rendition.storageKey);
        expect(bytes?.length).toBe(rendition.bytes);
        expect(createHash("sha256").update(bytes!).digest("hex")).toBe(rendition.sha256);
        expect(rendition.storageKey).toContain(rendition.sha256.slice(0, 16));
        expect(rendition.storageKey.startsWith(`renditions/${(await item(id)).storageKey}/`)).toBe(true);
      }
      const file = path.join(services.dataDir, "uploads", video.storageKey);
      const boxes = await topLevelBoxes(file);
      expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    },
  );

  it("normalizes an image: upright by its EXIF orientation, at most 1920 px, WebP", async () => {
    const id = await upload(clips["photo.jpg"], "image/jpeg");
    expect(await services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    const [image] = await renditionsOf(id);
    expect(image).toMatchObject({ kind: "image", mimeType: "image/webp", width: 1440, height: 1920 });
    const meta = await sharp((await storedBytes(image.storageKey))!).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1440, height: 1920 });
    expect((await item(id)).processingStatus).toBe("ready");
  });

  it("marks a file a screen cannot play as failed, with a plain reason, and is done with it", async () => {
    const silent = await upload(clips["no-video.mov"], "video/quicktime");
    const garbage = await upload(clips["not-a-video.mp4"], "video/mp4");
    expect(await services.jobs.runOnce()).toEqual({ done: 2, failed: 0 });
    expect(await item(silent)).toMatchObject({
      processingStatus: "failed",
      processingError: "This file has no video stream",
    });
    expect(await item(garbage)).toMatchObject({
      processingStatus: "failed",
      processingError: "This file could not be read as a video",
    });
    expect(await renditionsOf(silent)).toHaveLength(0);
  });

  it("queues one job per item at a time, and does nothing for an item deleted since", async () => {
    const id = await upload(clips["old.avi"], "video/vnd.avi");
    await queueMediaProcessing(services.db, id);
    expect(await services.db.select().from(jobs).where(eq(jobs.kind, MEDIA_JOB))).toHaveLength(1);
    await services.db.delete(media).where(eq(media.id, id));
    expect(await services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(await renditionsOf(id)).toHaveLength(0);
  });

  it("after its last failed attempt, tells the owner it could not be processed", async () => {
    const id = await upload(clips["old.avi"], "video/vnd.avi");
    const broken = createJobRunner({
      db: services.db,
      logger: pino({ level: "silent" }),
      jobs: [
        {
          ...createMediaProcessing({
            db: services.db,
            storage: services.storage,
            tools: { ffprobe: tools.ffprobe, ffmpeg: "/bin/false" },
            logger: pino({ level: "silent" }),
          }),
          maxAttempts: 1,
        },
      ],
    });
    expect(await broken.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await item(id)).toMatchObject({ processingStatus: "failed", processingError: PROCESSING_FAILED });
    const [job] = await services.db.select().from(jobs).where(eq(jobs.kind, MEDIA_JOB));
    expect(job).toMatchObject({ state: "failed", attempts: 1 });
    expect(job.lastError).toMatch(/false exited with code 1/);
  });

  it("deletes an item's renditions, rows and files", { timeout: 300_000 }, async () => {
    const id = await upload(clips["ready.mp4"], "video/mp4");
    await services.jobs.runOnce();
    const keys = (await renditionsOf(id)).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);
    await deleteRenditions(services.db, services.storage, id);
    expect(await renditionsOf(id)).toHaveLength(0);
    for (const key of keys) expect(await services.storage.stat(key)).toBeNull();
  });
});
