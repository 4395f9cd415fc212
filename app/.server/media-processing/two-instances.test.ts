import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../infra/db/client";
import { jobs, media, mediaRenditions, users } from "../infra/db/schema";
import { createJobRunner, type RunnableJob } from "../infra/jobs";
import { createLocalStorage } from "../infra/storage";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { makeTestClips } from "../../../tests/support/test-clips";
import { createMediaProcessing, MEDIA_JOB, mediaTools, queueMediaProcessing } from ".";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OWNER = "two-instances-owner";

/**
 * Two app instances processing media from one database and one store. On PostgreSQL (TEST_DATABASE_URL) each has
 * its own connection pool, as two servers would; the embedded database has one owner, so there both runners share
 * its handle.
 */
describe("media processing on two instances", () => {
  let handle: TestDatabase;
  let second: DatabaseHandle;
  let dir: string;
  const ids: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    second = "databaseUrl" in handle.target ? await openDatabase(handle.target) : handle;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "ls-two-instances-"));
    await handle.db.insert(users).values({ id: OWNER, name: "Owner", email: "two@example.com" });
  }, 300_000);
  afterAll(async () => {
    if (second !== handle) await second?.close();
    await handle?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    "never run the same item's job twice, and run one at a time between them",
    { timeout: 300_000 },
    async () => {
      const storage = createLocalStorage({ root: path.join(dir, "uploads") });
      const clips = await makeTestClips(mediaTools({}), dir);
      const sources: [string, string][] = [
        [clips["old.avi"], "video/vnd.avi"],
        [clips["ready.mp4"], "video/mp4"],
        [clips["no-video.mov"], "video/quicktime"],
      ];
      for (let i = 0; i < 12; i++) {
        const photo = path.join(dir, `photo-${i}.jpg`);
        await sharp({ create: { width: 640 + i * 16, height: 480, channels: 3, background: "#2a6" } })
          .jpeg()
          .toFile(photo);
        sources.push([photo, "image/jpeg"]);
      }
      for (const [index, [file, type]] of sources.entries()) {
        const key = `${OWNER}/${index}${path.extname(file)}`;
        const { size } = await storage.put(key, createReadStream(file), { contentType: type });
        const [row] = await handle.db
          .insert(media)
          .values({
            userId: OWNER,
            title: path.basename(file),
            fileName: path.basename(file),
            fileUrl: storage.publicUrl(key),
            storageKey: key,
            fileType: type,
            fileSize: size,
          })
          .returning({ id: media.id });
        ids.push(row!.id);
        await queueMediaProcessing(handle.db, row!.id);
        // Queueing again while it waits adds nothing.
        await queueMediaProcessing(handle.db, row!.id);
      }

      const runs = new Map<string, number>();
      const ranBy = [0, 0];
      let running = 0;
      let mostRunning = 0;
      const runners = [handle.db, second.db].map((db, instance) => {
        const processing = createMediaProcessing({ db, storage, tools: mediaTools({}), logger });
        const counted: RunnableJob = {
          ...processing,
          async run(payload, job) {
            const { mediaId } = payload as { mediaId: string };
            runs.set(mediaId, (runs.get(mediaId) ?? 0) + 1);
            ranBy[instance]++;
            mostRunning = Math.max(mostRunning, ++running);
            try {
              await processing.run(payload, job);
            } finally {
              running--;
            }
          },
        };
        return createJobRunner({ db, logger, jobs: [counted], intervalMs: 20 });
      });
      for (const runner of runners) runner.start();
      try {
        const deadline = Date.now() + 240_000;
        const finished = async () =>
          (await handle.db.select({ n: count() }).from(jobs).where(eq(jobs.state, "done")))[0]!.n;
        while ((await finished()) < ids.length && Date.now() < deadline) await sleep(50);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
      }

      // One job per item, each run once, by one instance at a time (the kind's concurrency is 1 across both).
      const rows = await handle.db.select().from(jobs).where(eq(jobs.kind, MEDIA_JOB));
      expect(rows).toHaveLength(ids.length);
      expect(rows.every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].every((times) => times === 1)).toBe(true);
      expect(ranBy[0]! + ranBy[1]!).toBe(ids.length);
      expect(mostRunning).toBe(1);

      const items = await handle.db.select().from(media).where(inArray(media.id, ids));
      expect(items.filter((item) => item.processingStatus === "ready")).toHaveLength(ids.length - 1);
      expect(items.find((item) => item.fileType === "video/quicktime")).toMatchObject({
        processingStatus: "failed",
        processingError: "This file has no video stream",
      });
      // Exactly the recorded renditions are stored: no second run left files of its own.
      const renditions = await handle.db
        .select()
        .from(mediaRenditions)
        .where(inArray(mediaRenditions.mediaId, ids));
      expect(renditions).toHaveLength(2 + 2 + 12);
      const root = path.join(dir, "uploads");
      const stored = (
        await fs.readdir(path.join(root, "renditions"), { recursive: true, withFileTypes: true })
      )
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json"))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
      expect(stored.sort()).toEqual(renditions.map((row) => row.storageKey).sort());
    },
  );
});
