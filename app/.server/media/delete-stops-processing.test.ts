import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, users } from "../infra/db/schema";
import { createJobRunner, type JobRunner } from "../infra/jobs";
import { createMediaProcessing, mediaTools } from "../media-processing";
import { createTestServices } from "../../../tests/support/test-services";
import { makeBoundClips, writeRealTimeFfmpeg } from "../../../tests/support/test-clips";
import { mediaJob, mediaRow, recordMedia, toolFor } from "../../../tests/support/media-rows";
import { childProcesses, isRunning } from "../../../tests/support/processes";
import { waitFor } from "../../../tests/support/jobs/test-helpers";
import { deleteMedia } from "./media";

const OWNER = "deleting-owner";

/** Deleting a media item while its video transcodes (docs/security.md, "Bounded media work"). */
describe("deleting media stops its processing", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let dir: string;
  let clip: string;
  /** A real ffmpeg that encodes at the clip's own speed: 30 s for the capped copy, longer than any wait below. */
  let ffmpeg: string;
  let other: JobRunner | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ls-deleting-"));
    ffmpeg = await writeRealTimeFfmpeg(mediaTools({}), dir);
    clip = (await makeBoundClips(mediaTools({}), dir))["two-minutes.avi"];
    services = await createTestServices({ FFMPEG_PATH: ffmpeg });
    await services.db.insert(users).values({ id: OWNER, name: "Owner", email: "deleting@example.com" });
  }, 300_000);
  afterAll(async () => {
    await other?.stop();
    await services?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await services.jobs.stop();
    await services.db.delete(jobs);
  });

  /** Records a video and answers it with its encoder (ffmpeg with libx264), once that runs. */
  async function transcoding() {
    const id = await recordMedia(services, OWNER, clip, "video/vnd.avi");
    let encoder: { pid: number } | undefined;
    await waitFor(() => Boolean((encoder = toolFor(childProcesses(process.pid), id, "libx264"))), 60_000);
    return { id, encoder: encoder! };
  }
  const workDir = (id: string) => path.join(os.tmpdir(), `ls-media-${id}`);

  it("kills the ffmpeg of this process at once, and the job ends", { timeout: 300_000 }, async () => {
    services.jobs.start();
    const { id, encoder } = await transcoding();
    expect(await deleteMedia(services, { id: OWNER }, id)).toEqual({ ok: true });
    // Told directly (no lease check needed). Left alone, it would encode for another 30 s.
    await waitFor(() => !isRunning(encoder.pid), 10_000);
    expect(await mediaJob(services.db, id)).toBeUndefined();
    expect(await mediaRow(services.db, id)).toBeUndefined();
    // The job ended: its work directory is cleared, and no tool runs for the item any more.
    await waitFor(() => !fs.existsSync(workDir(id)), 10_000);
    expect(toolFor(childProcesses(process.pid), id, "ffmpeg")).toBeUndefined();
  });

  it("kills the ffmpeg of another instance at its next lease check", { timeout: 300_000 }, async () => {
    // Another instance runs the job; this one's runner (services.jobs) is stopped and holds nothing.
    const logger = pino({ level: "silent" });
    const processing = createMediaProcessing({
      ...services,
      tools: { ffprobe: mediaTools({}).ffprobe, ffmpeg },
      logger,
    });
    other = createJobRunner({ db: services.db, logger, jobs: [processing] });
    other.start();
    const { id, encoder } = await transcoding();
    expect(await deleteMedia(services, { id: OWNER }, id)).toEqual({ ok: true });
    // The lease is checked every 5 s; left alone, it would encode for another 30 s.
    await waitFor(() => !isRunning(encoder.pid), 25_000);
    await waitFor(() => !fs.existsSync(workDir(id)), 10_000);
    expect(await mediaJob(services.db, id)).toBeUndefined();
    await other.stop();
    other = undefined;
  });
});
