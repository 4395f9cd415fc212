import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, media, users } from "../infra/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { MEDIA_JOB } from ".";

/** The migration that queues media recorded before every item was processed, as committed (whatever its number). */
const MIGRATION = fs.readFileSync(
  `drizzle/${fs.readdirSync("drizzle").find((name) => name.endsWith("_queue_existing_media.sql"))}`,
  "utf8",
);

describe("queueing the media recorded before processing existed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives each unqueued item one media job and marks it processing, leaving processed ones alone", async () => {
    const { db } = database;
    await db.insert(users).values({ id: "old-owner", name: "Owner", email: "old@example.com" });
    const row = (title: string) => ({
      userId: "old-owner",
      title,
      fileName: `${title}.png`,
      fileUrl: `/media/old-owner/${title}.png`,
      storageKey: `old-owner/${title}.png`,
      fileType: "image/png",
      fileSize: 10,
    });
    const [old] = await db.insert(media).values(row("old")).returning({ id: media.id });
    const [done] = await db
      .insert(media)
      .values({ ...row("done"), processingStatus: "ready" })
      .returning({ id: media.id });

    for (const statement of MIGRATION.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    expect(await db.select().from(jobs).where(eq(jobs.kind, MEDIA_JOB))).toMatchObject([
      { state: "pending", dedupeKey: old!.id, payload: { mediaId: old!.id } },
    ]);
    const statuses = await db.select({ id: media.id, status: media.processingStatus }).from(media);
    expect(statuses.find((item) => item.id === old!.id)?.status).toBe("processing");
    expect(statuses.find((item) => item.id === done!.id)?.status).toBe("ready");
  });
});
