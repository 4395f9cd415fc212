import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEDIA_TOASTS, type MediaItem } from "~/lib/media";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard/media";
import { action as uploadAction } from "~/routes/resources/media-upload";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUser } from "../../../tests/support/route-calls";
import { makeTestClips, type ClipName } from "../../../tests/support/test-clips";
import { multipartBody, TINY_PNG } from "../../../tests/support/test-multipart";
import { createTestServices } from "../../../tests/support/test-services";
import { ads, businesses, jobs, media, mediaRenditions } from "../infra/db/schema";
import { MEDIA_JOB, mediaTools } from "../media-processing";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

let services: TestServices;
let owner: { id: string; cookie: string };
let clips: Record<ClipName, string>;

async function upload(title: string, filename: string, contentType: string, content: Buffer) {
  const { body, contentType: type } = multipartBody({ title }, [
    { field: "file", filename, contentType, content },
  ]);
  const headers = sessionHeaders(owner.cookie);
  headers.set("Content-Type", type);
  const request = new Request(`${ORIGIN}/dashboard/media`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  const response = await uploadAction(routeArgs(services, request));
  return { status: response.status, body: (await response.json()) as { media?: MediaItem } };
}

async function dashboard(): Promise<MediaItem[]> {
  const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: owner.cookie } });
  return ((await dashboardLoader(routeArgs(services, request))) as { media: MediaItem[] }).media;
}

function remove(id: string) {
  const request = new Request(`${ORIGIN}/dashboard`, {
    method: "POST",
    headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams({ intent: "delete", id }),
  });
  return dashboardAction(routeArgs(services, request)) as Promise<{
    data: unknown;
    init: { status: number };
  }>;
}

const mediaJobs = () => services.db.select().from(jobs).where(eq(jobs.kind, MEDIA_JOB));
const renditionKeys = async (mediaId: string) =>
  (
    await services.db
      .select({ key: mediaRenditions.storageKey })
      .from(mediaRenditions)
      .where(eq(mediaRenditions.mediaId, mediaId))
  ).map((row) => row.key);

describe("media made ready for screens, from the dashboard", () => {
  beforeAll(async () => {
    services = await createTestServices();
    owner = await signInConfirmedUser(services, {
      email: "screens@example.com",
      password: "harbor-lights-2026",
      clientIp: "10.9.7.1",
    });
    const dir = path.join(services.dataDir, "clips");
    await fs.mkdir(dir);
    clips = await makeTestClips(mediaTools({}), dir);
    // The sign-up's confirmation email is a job too; these tests run media jobs only.
    await services.db.delete(jobs);
  }, 300_000);
  afterAll(async () => {
    await services?.close();
  });

  it("queues processing with the upload and wakes the media lane; the card goes Processing → Ready", async () => {
    const wake = vi.spyOn(services.jobs, "wake");
    const uploaded = await upload(
      "Old clip",
      "clip.avi",
      "video/x-msvideo",
      await fs.readFile(clips["old.avi"]),
    );
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.media!.id;
    expect(uploaded.body.media).toMatchObject({ fileType: "video/vnd.avi", processingStatus: "processing" });
    expect(wake).toHaveBeenCalledWith(MEDIA_JOB);
    expect(await mediaJobs()).toMatchObject([{ state: "pending", dedupeKey: id, payload: { mediaId: id } }]);
    expect((await dashboard()).find((item) => item.id === id)).toMatchObject({
      processingStatus: "processing",
      screenUrl: null,
      durationSec: null,
      adsCount: 0,
    });

    expect(await services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    const ready = (await dashboard()).find((item) => item.id === id)!;
    expect(ready).toMatchObject({ processingStatus: "ready", processingError: null });
    expect(ready.durationSec).toBeCloseTo(2, 0);
    expect(ready.screenUrl).toMatch(/^\/media\/renditions\/.+\/video-[0-9a-f]{16}\.mp4$/);
    expect(ready.posterUrl).toMatch(/^\/media\/renditions\/.+\/poster-[0-9a-f]{16}\.jpg$/);
  }, 300_000);

  it("records the row and its job in one transaction: if the job cannot be queued, nothing is kept", async () => {
    const before = (await services.db.select().from(media)).length;
    await services.db.execute(sql`create function refuse_jobs() returns trigger language plpgsql as $$
      begin raise exception 'jobs are refused'; end $$`);
    await services.db.execute(
      sql`create trigger refuse_jobs before insert on jobs for each row execute function refuse_jobs()`,
    );
    try {
      const refused = await upload("Lost", "still.png", "image/png", TINY_PNG);
      expect(refused).toMatchObject({ status: 500, body: { toast: MEDIA_TOASTS.uploadFailed } });
    } finally {
      await services.db.execute(sql`drop trigger refuse_jobs on jobs`);
      await services.db.execute(sql`drop function refuse_jobs`);
    }
    expect(await services.db.select().from(media)).toHaveLength(before);
    const files = await fs.readdir(path.join(services.dataDir, "uploads", owner.id));
    expect(files.filter((name) => name.endsWith(".png"))).toEqual([]);
  });

  it("says plainly why a file cannot be shown", async () => {
    const uploaded = await upload(
      "Sound only",
      "tone.mov",
      "video/quicktime",
      await fs.readFile(clips["no-video.mov"]),
    );
    expect(uploaded.status).toBe(201);
    await services.jobs.runOnce();
    expect((await dashboard()).find((item) => item.id === uploaded.body.media!.id)).toMatchObject({
      processingStatus: "failed",
      processingError: "This file has no video stream",
      screenUrl: null,
    });
  }, 300_000);

  it("counts the ads made from an item, and deleting it deletes them, its renditions' rows and files", async () => {
    const uploaded = await upload(
      "Big clip",
      "big.mov",
      "video/quicktime",
      await fs.readFile(clips["big.mov"]),
    );
    const id = uploaded.body.media!.id;
    await services.jobs.runOnce();
    const keys = await renditionKeys(id);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await services.storage.stat(key)).not.toBeNull();

    const [listing] = await services.db
      .insert(businesses)
      .values({
        userId: owner.id,
        name: "Harbor Books",
        industry: "food-industry",
        address: "2 Main St",
        city: "Woodland Hills",
        state: "CA",
        zipCode: "91367",
      })
      .returning({ id: businesses.id });
    const ad = (title: string, shortCode: string) => ({
      userId: owner.id,
      businessId: listing!.id,
      mediaId: id,
      title,
      startsOn: "2026-01-01",
      shortCode,
    });
    await services.db.insert(ads).values([ad("Spring", "spring01"), ad("Summer", "summer01")]);
    expect((await dashboard()).find((item) => item.id === id)?.adsCount).toBe(2);

    expect((await remove(id)).data).toMatchObject({ ok: true, toast: MEDIA_TOASTS.deleted });
    expect(await services.db.select().from(ads).where(eq(ads.mediaId, id))).toEqual([]);
    expect(await renditionKeys(id)).toEqual([]);
    for (const key of keys) expect(await services.storage.stat(key)).toBeNull();
  }, 300_000);

  it("does nothing for an item deleted while its job waits", async () => {
    const uploaded = await upload(
      "Gone soon",
      "ready.mp4",
      "video/mp4",
      await fs.readFile(clips["ready.mp4"]),
    );
    const id = uploaded.body.media!.id;
    await remove(id);
    // Its job was cancelled with it: nothing is left to run.
    const left = await services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MEDIA_JOB), eq(jobs.dedupeKey, id)));
    expect(left).toEqual([]);
    expect(await services.jobs.runOnce()).toEqual({ done: 0, failed: 0 });
    expect(await renditionKeys(id)).toEqual([]);
    const sourceKey = uploaded.body.media!.fileUrl.slice("/media/".length);
    const renditionsDir = path.join(services.dataDir, "uploads", "renditions", sourceKey);
    expect(await fs.readdir(renditionsDir).catch(() => [])).toEqual([]);
  }, 300_000);

  it("queues processing for a listing's images too: they are media items as well", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Harbor Cafe",
      industry: "food-industry",
      address: "3 Main St",
      city: "Woodland Hills",
      state: "CA",
      zip_code: "91367",
    }))
      form.append(name, value);
    form.append("image", new File([TINY_PNG], "storefront.png", { type: "image/png" }));
    const { action: adminAction } = await import("~/routes/admin/businesses");
    const request = new Request(`${ORIGIN}/admin`, {
      method: "POST",
      body: form,
      headers: sessionHeaders(owner.cookie),
    });
    await adminAction(routeArgs(services, request));
    const [item] = await services.db
      .select()
      .from(media)
      .where(and(eq(media.userId, owner.id), eq(media.title, "Harbor Cafe image")));
    expect(item).toMatchObject({ processingStatus: "processing" });
    expect((await mediaJobs()).some((job) => job.dedupeKey === item!.id && job.state === "pending")).toBe(
      true,
    );
  });
});
