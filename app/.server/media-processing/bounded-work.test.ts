import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isTooLongForAnAd } from "~/lib/ad-schemas";
import { jobs, mediaRenditions, users } from "../infra/db/schema";
import { createJobRunner } from "../infra/jobs";
import { createTestServices } from "../../../tests/support/test-services";
import { makeBoundClips, writeRealTimeFfmpeg, type BoundClipName } from "../../../tests/support/test-clips";
import { mediaJob, mediaRow, recordMedia, toolFor } from "../../../tests/support/media-rows";
import { childProcesses, isRunning } from "../../../tests/support/processes";
import { waitFor } from "../../../tests/support/jobs/test-helpers";
import {
  createMediaProcessing,
  MEDIA_JOB,
  mediaTools,
  probeVideo,
  PROCESSING_TOO_SLOW,
  VIDEO_TOO_LARGE,
  videoTooLong,
  type MediaLimits,
  type MediaTools,
} from ".";

const OWNER_A = "bounded-owner-a";
const OWNER_B = "bounded-owner-b";
const tools = mediaTools({});
const silent = pino({ level: "silent" });

describe("bounded media work", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let clips: Record<BoundClipName | "photo.jpg" | "stuck-ffmpeg" | "real-time-ffmpeg", string>;

  /** A runner of media jobs only, with these tools and limits instead of the real ones. */
  const runnerWith = (given: MediaTools, limits?: Partial<MediaLimits>) =>
    createJobRunner({
      db: services.db,
      logger: silent,
      jobs: [createMediaProcessing({ ...services, tools: given, logger: silent, limits })],
    });
  const record = (owner: string, clip: keyof typeof clips, type: string) =>
    recordMedia(services, owner, clips[clip], type);
  const renditionsOf = (id: string) =>
    services.db.select().from(mediaRenditions).where(eq(mediaRenditions.mediaId, id));

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values([
      { id: OWNER_A, name: "A", email: "bounded-a@example.com" },
      { id: OWNER_B, name: "B", email: "bounded-b@example.com" },
    ]);
    const dir = path.join(services.dataDir, "clips");
    await fs.mkdir(dir);
    const photo = path.join(dir, "photo.jpg");
    await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a6" } })
      .jpeg()
      .toFile(photo);
    // An ffmpeg that never finishes (a file that decodes forever, a stalled disk).
    const stuck = path.join(dir, "stuck-ffmpeg");
    await fs.writeFile(stuck, "#!/bin/sh\nexec sleep 987\n", { mode: 0o755 });
    clips = {
      ...(await makeBoundClips(tools, dir)),
      "photo.jpg": photo,
      "stuck-ffmpeg": stuck,
      "real-time-ffmpeg": await writeRealTimeFfmpeg(tools, dir),
    };
  }, 300_000);
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.jobs.stop();
    await services.db.delete(jobs);
  });

  // ffmpeg is /bin/false: a refusal that came after any encoding would fail the job instead.
  const probeOnly = { ffprobe: tools.ffprobe, ffmpeg: "/bin/false" };

  it("refuses an 8192×8192 video, above the images' pixel cap, before any work", async () => {
    const id = await record(OWNER_A, "huge.mp4", "video/mp4");
    expect(await runnerWith(probeOnly).runOnce()).toEqual({ done: 1, failed: 0 });
    expect(await mediaRow(services.db, id)).toMatchObject({
      processingStatus: "failed",
      processingError: VIDEO_TOO_LARGE,
    });
    expect(VIDEO_TOO_LARGE).toBe(
      "This video's picture is too large: at most 16,000 pixels on a side and 50 megapixels in all.",
    );
    expect(await renditionsOf(id)).toEqual([]);
  });

  it("refuses a one-hour video by its length, before any work", async () => {
    const id = await record(OWNER_A, "one-hour.mp4", "video/mp4");
    expect(await runnerWith(probeOnly).runOnce()).toEqual({ done: 1, failed: 0 });
    expect(await mediaRow(services.db, id)).toMatchObject({
      processingStatus: "failed",
      processingError: videoTooLong(300),
    });
    expect(videoTooLong(300)).toBe(
      "This video is longer than 5 minutes; an ad plays at most 30 seconds. Please upload a shorter cut.",
    );
  });

  it(
    "encodes no more of a long video than an ad can show, and keeps its length on record",
    { timeout: 300_000 },
    async () => {
      const id = await record(OWNER_A, "two-minutes.avi", "video/vnd.avi");
      expect(await services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
      expect((await mediaRow(services.db, id))?.processingStatus).toBe("ready");
      const video = (await renditionsOf(id)).find((row) => row.kind === "video")!;
      const made = await probeVideo(tools, path.join(services.dataDir, "uploads", video.storageKey));
      expect(made.durationSec).toBeLessThanOrEqual(30.5 + 0.1);
      expect(made.durationSec).toBeGreaterThan(29);
      // The card and the ad editor see the owner's two minutes: too long for an ad, not silently cut.
      expect(video.durationSec).toBeCloseTo(120, 0);
      expect(isTooLongForAnAd(video.durationSec)).toBe(true);
    },
  );

  it(
    "kills an ffmpeg that runs past its time limit, and tells the owner why",
    { timeout: 300_000 },
    async () => {
      const id = await record(OWNER_A, "two-minutes.avi", "video/vnd.avi");
      const stuck = { ffprobe: tools.ffprobe, ffmpeg: clips["stuck-ffmpeg"] };
      expect(await runnerWith(stuck, { transcodeTimeLimitMs: () => 300 }).runOnce()).toEqual({
        done: 0,
        failed: 1,
      });
      expect(await mediaRow(services.db, id)).toMatchObject({
        processingStatus: "failed",
        processingError: PROCESSING_TOO_SLOW,
      });
      // Failed for good at once: the same file would only take as long again.
      const job = await mediaJob(services.db, id);
      expect(job).toMatchObject({ state: "failed", attempts: 1 });
      expect(job?.lastError).toBe("stuck-ffmpeg ran past its time limit of 0.3 s and was killed");
      expect(childProcesses(process.pid).filter((child) => child.command.includes("987"))).toEqual([]);
    },
  );

  it(
    "runs another owner's image while one owner's backlog of videos transcodes",
    { timeout: 180_000 },
    async () => {
      // Each of A's videos takes 30 s to encode, whatever the machine (ffmpeg reads at the clip's speed).
      const runner = runnerWith({ ffprobe: tools.ffprobe, ffmpeg: clips["real-time-ffmpeg"] });
      const backlog = [
        await record(OWNER_A, "two-minutes.avi", "video/vnd.avi"),
        await record(OWNER_A, "two-minutes.avi", "video/vnd.avi"),
      ];
      runner.start();
      try {
        const encoder = await waitForTool(backlog[0]!, "libx264");
        // B uploads while A's first video encodes and A's second waits.
        const image = await record(OWNER_B, "photo.jpg", "image/jpeg");
        runner.wake(MEDIA_JOB);
        await waitFor(async () => (await mediaRow(services.db, image))?.processingStatus === "ready", 60_000);
        // Ready while A's first video is still being encoded: B never waited behind A's backlog.
        expect(isRunning(encoder.pid)).toBe(true);
        expect((await mediaJob(services.db, backlog[0]!))?.state).toBe("running");
        expect((await mediaJob(services.db, backlog[1]!))?.state).toBe("pending");
      } finally {
        await runner.stop();
      }
    },
  );
});

/** The tool this process runs for the item, once it has started. */
async function waitForTool(mediaId: string, marker: string) {
  let found: { pid: number } | undefined;
  await waitFor(() => Boolean((found = toolFor(childProcesses(process.pid), mediaId, marker))), 60_000);
  return found!;
}
