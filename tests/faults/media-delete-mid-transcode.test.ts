import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mediaTools } from "~/.server/media-processing";
import { makeBoundClips, writeRealTimeFfmpeg } from "../support/test-clips";
import { createSignedInAccount } from "../support/http-accounts";
import { postForm, uploadMedia } from "../support/http-media";
import { TINY_PNG } from "../support/test-multipart";
import { childProcesses, isRunning } from "../support/processes";
import { startServer, type ServerProcess } from "../support/server-process";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ls-delete-transcode-"));
/** The server's TMPDIR: where a job's work directory lives. */
const serverTmp = path.join(scratch, "tmp");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The built server with one owner's video encoding while another owner uploads an image, then deletes the video. */
describe("a video that is still encoding", () => {
  it(
    "does not hold up another owner's image, and deleting it kills its ffmpeg",
    { timeout: 180_000 },
    async () => {
      fs.mkdirSync(serverTmp);
      // A real ffmpeg encoding at the clip's own speed: the capped 30 s copy takes 30 s, on any machine.
      const tools = mediaTools({});
      const clip = (await makeBoundClips(tools, scratch))["two-minutes.avi"];
      server = await startServer({
        TMPDIR: serverTmp,
        TRUST_PROXY: "1",
        LOG_LEVEL: "info",
        FFMPEG_PATH: await writeRealTimeFfmpeg(tools, scratch),
      });
      const owner = await createSignedInAccount(server, "encoding-owner@example.com");
      const other = await createSignedInAccount(server, "image-owner@example.com");

      const video = await uploadMedia(server, owner, fs.readFileSync(clip), {
        title: "Long promo",
        fileName: "promo.avi",
        type: "video/x-msvideo",
      });
      expect(video.status).toBe(201);
      const videoId = video.body.media!.id;
      const serverPid = server.child.pid!;
      const encoder = await waitFor(
        "the transcode to start",
        () => childProcesses(serverPid).find((child) => child.command.includes("libx264")),
        60_000,
      );

      // Another owner's image is ready while the video still encodes.
      expect((await uploadMedia(server, other, TINY_PNG, { title: "Poster" })).status).toBe(201);
      await waitFor(
        "the other owner's image to be ready",
        async () => {
          const html = await (await fetch(`${server!.url}/dashboard`, { headers: { Cookie: other } })).text();
          return html.includes("Ready") && !html.includes("Processing") ? true : undefined;
        },
        60_000,
      );
      expect(isRunning(encoder.pid)).toBe(true);

      // Deleting the video stops its ffmpeg (it had up to 30 s of encoding left) and its job.
      const removed = new FormData();
      removed.set("intent", "delete");
      removed.set("id", videoId);
      expect((await postForm(server, "/dashboard.data", removed, owner)).status).toBeLessThan(400);
      await waitFor("ffmpeg to be killed", () => (isRunning(encoder.pid) ? undefined : true), 10_000);
      await waitFor(
        "the job's work directory to be cleared",
        () => (fs.readdirSync(serverTmp).some((name) => name.startsWith("ls-media-")) ? undefined : true),
        10_000,
      );
      expect(childProcesses(serverPid).filter((child) => child.command.includes("ffmpeg"))).toEqual([]);
      const log = server.output().split("\n");
      expect(
        log.filter((line) => line.includes("media ready for screens") && line.includes(videoId)),
      ).toEqual([]);
    },
  );
});
