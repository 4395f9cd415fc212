import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/infra/db/client";
import { jobs, media, mediaRenditions } from "~/.server/infra/db/schema";
import { MEDIA_JOB, mediaTools } from "~/.server/media-processing";
import { runTool } from "~/.server/media-processing/tools";
import { createSignedInAccount } from "../support/http-accounts";
import { storedFiles, uploadMedia } from "../support/http-media";
import { childProcesses, isRunning } from "../support/processes";
import { startServer, type ServerProcess } from "../support/server-process";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ls-transcode-killed-"));
/** The servers' TMPDIR: where the job's work directory lives, so what a killed run leaves is visible. */
const serverTmp = path.join(scratch, "tmp");
const dataDir = path.join(scratch, "data");
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

/**
 * Media work at normal priority (MEDIA_NICE 0) here: at the default 19 a machine kept busy by other programs can
 * starve the retry's 8-second 1080p encode past its time limit, and what this test is about (a killed run, then one
 * that finishes) does not depend on the priority (tools-priority.test.ts holds that).
 */
function start() {
  return startServer({
    DATA_DIR: dataDir,
    TMPDIR: serverTmp,
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    MEDIA_NICE: "0",
  });
}

describe("a server killed mid-transcode", () => {
  it(
    "takes ffmpeg down with it, and after a restart finishes the job once, leaving nothing behind",
    // Bounds for a hang only: on a busy two-core machine the retry's encode shares the cores with everything else
    // and can take minutes.
    { timeout: 600_000 },
    async () => {
      fs.mkdirSync(serverTmp, { recursive: true });
      // Long enough to still be encoding when the server is killed: 8 s of 1080p MPEG-4 in AVI.
      const clip = path.join(scratch, "clip.avi");
      await runTool(mediaTools({}).ffmpeg, [
        ...["-hide_banner", "-v", "error", "-y"],
        ...["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=8"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=8"],
        ...["-c:v", "mpeg4", "-q:v", "4", "-c:a", "libmp3lame", "-shortest", clip],
      ]);

      server = await start();
      const cookie = await createSignedInAccount(server, "killed-transcode@example.com");
      const uploaded = await uploadMedia(server, cookie, fs.readFileSync(clip), {
        title: "Killed mid-transcode",
        fileName: "clip.avi",
        type: "video/x-msvideo",
      });
      expect(uploaded.status).toBe(201);
      const mediaId = uploaded.body.media!.id;

      // The transcode is under way (libx264 in a child of the server)…
      const serverPid = server.child.pid!;
      const encoder = await waitFor(
        "the transcode to start",
        () => childProcesses(serverPid).find((child) => child.command.includes("libx264")),
        60_000,
      );
      expect(fs.readdirSync(serverTmp)).toEqual([`ls-media-${mediaId}`]);
      await sleep(500);
      // …when the server dies without a word.
      expect(await server.stop("SIGKILL")).toBeNull();
      // ffmpeg does not outlive it (setpriv --pdeathsig), so no orphan burns a core or competes with the retry.
      await waitFor(
        "ffmpeg to die with the server",
        () => (isRunning(encoder.pid) ? undefined : true),
        5_000,
      );

      server = await start();
      const dashboard = async () =>
        (await fetch(`${server!.url}/dashboard`, { headers: { Cookie: cookie } })).text();
      // The dead process's lease (60 s) runs out, then the job runs again and the item becomes ready.
      await waitFor(
        "the item to be ready",
        async () => {
          const html = await dashboard();
          return html.includes("Processing") || !html.includes("Ready") ? undefined : html;
        },
        420_000,
      );
      const log = server.output();
      expect(log.match(/media ready for screens/g)).toHaveLength(1);
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;

      const database = await openDatabase({ dataDir });
      try {
        const [job] = await database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, MEDIA_JOB), eq(jobs.dedupeKey, mediaId)));
        // Two runs: the one killed, and the one that finished. Done once, never failed.
        expect(job).toMatchObject({ state: "done", attempts: 2, leaseToken: null });
        const [item] = await database.db.select().from(media).where(eq(media.id, mediaId));
        expect(item).toMatchObject({ processingStatus: "ready", processingError: null });
        const renditions = await database.db
          .select()
          .from(mediaRenditions)
          .where(eq(mediaRenditions.mediaId, mediaId));
        expect(renditions.map((row) => row.kind).sort()).toEqual(["poster", "video"]);
        // Stored (besides the local store's sidecars): the original and exactly the two renditions; the killed
        // run's work directory is gone too.
        const stored = storedFiles({ dataDir }, { renditions: true }).filter(
          (key) => !key.endsWith(".meta.json"),
        );
        expect(stored.sort()).toEqual([item!.storageKey, ...renditions.map((row) => row.storageKey)].sort());
        expect(fs.readdirSync(serverTmp)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});
