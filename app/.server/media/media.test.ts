import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_TOASTS } from "~/lib/media";
import { action as adminAction } from "~/routes/admin/businesses";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard/media";
import { action as uploadAction } from "~/routes/resources/media-upload";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUser } from "../../../tests/support/route-calls";
import { businesses, media } from "../infra/db/schema";
import { createThumbnailer } from "../infra/storage/thumbnails";
import { isKnownOriginal } from "./known-originals";
import { listMediaForOwner } from "./media";
import { createTestServices } from "../../../tests/support/test-services";
import {
  generatedBytes,
  multipartBody,
  TINY_PNG,
  type MultipartFilePart,
} from "../../../tests/support/test-multipart";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;
const MB = 1024 * 1024;

let services: TestServices;
let ownerA: { id: string; cookie: string };
let ownerB: { id: string; cookie: string };

const createOwner = (email: string) =>
  signInConfirmedUser(services, {
    email,
    password: "harbor-lights-2026",
    clientIp: `10.9.0.${email.length}`,
  });

async function upload(cookie: string | null, fields: Record<string, string>, files: MultipartFilePart[]) {
  const { body, contentType } = multipartBody(fields, files);
  const headers = sessionHeaders(cookie);
  headers.set("Content-Type", contentType);
  const request = new Request(`${ORIGIN}/dashboard/media`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  const response = await uploadAction(routeArgs(services, request));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Every stored file (not directories, not the empty temp folder). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(services.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function rowsOf(userId: string) {
  return services.db.select().from(media).where(eq(media.userId, userId));
}

describe("media uploads and deletes through the routes", () => {
  beforeAll(async () => {
    services = await createTestServices();
    ownerA = await createOwner("owner-a@example.com");
    ownerB = await createOwner("owner-b@example.com");
  });
  afterAll(async () => {
    await services?.close();
  });

  it("stores an image under {user id}/{timestamp}-{random}.png and records the row", async () => {
    const result = await upload(
      ownerA.cookie,
      { title: "  Spring sale  ", description: " Big banner ", notes: "" },
      [{ field: "file", filename: "banner.png", contentType: "image/png", content: TINY_PNG }],
    );
    expect(result.status).toBe(201);
    expect(result.body.toast).toEqual(MEDIA_TOASTS.uploaded);
    const [row] = await rowsOf(ownerA.id);
    expect(row).toMatchObject({
      title: "Spring sale",
      description: "Big banner",
      notes: null,
      fileName: "banner.png",
      fileType: "image/png",
      fileSize: TINY_PNG.length,
    });
    expect(row!.storageKey).toMatch(new RegExp(`^${ownerA.id}/\\d{13}-[0-9a-f]{12}\\.png$`));
    expect(row!.fileUrl).toBe(`/media/${row!.storageKey}`);
    expect(await services.storage.stat(row!.storageKey)).toMatchObject({
      size: TINY_PNG.length,
      contentType: "image/png",
    });
  });

  it("decides the type from the content: a PNG named .mp4 is stored as image/png with a .png key", async () => {
    const result = await upload(ownerA.cookie, { title: "Disguised" }, [
      { field: "file", filename: "clip.mp4", contentType: "video/mp4", content: TINY_PNG },
    ]);
    expect(result.status).toBe(201);
    const row = (await rowsOf(ownerA.id)).find((item) => item.title === "Disguised");
    expect(row).toMatchObject({ fileType: "image/png", fileName: "clip.mp4" });
    expect(row!.storageKey).toMatch(/\.png$/);
  });

  it("refuses HTML renamed .jpg and SVG with 'Invalid file type', keeping nothing", async () => {
    const before = await storedFiles();
    for (const [filename, content] of [
      ["photo.jpg", "<!doctype html><html><script>alert(1)</script></html>"],
      ["logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ]) {
      const result = await upload(ownerB.cookie, { title: "Sneaky" }, [
        { field: "file", filename: filename!, contentType: "image/jpeg", content: Buffer.from(content!) },
      ]);
      expect(result.status).toBe(415);
      expect(result.body.toast).toEqual(MEDIA_TOASTS.invalidType);
    }
    expect(await rowsOf(ownerB.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a streamed 101 MB upload with a clear message and leaves no row and no file", async () => {
    const before = await storedFiles();
    const result = await upload(ownerB.cookie, { title: "Too big" }, [
      {
        field: "file",
        filename: "huge.png",
        contentType: "image/png",
        content: generatedBytes(101 * MB, { head: TINY_PNG }),
      },
    ]);
    expect(result.status).toBe(413);
    expect(result.body.toast).toEqual(MEDIA_TOASTS.tooLarge);
    expect(await rowsOf(ownerB.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("leaves no row and no partial file when the upload is cut off midway", async () => {
    const before = await storedFiles();
    const result = await upload(ownerB.cookie, { title: "Cut off" }, [
      {
        field: "file",
        filename: "clip.png",
        contentType: "image/png",
        content: generatedBytes(8 * MB, { head: TINY_PNG, failAfter: 3 * MB }),
      },
    ]);
    expect(result.status).toBe(400);
    expect(await rowsOf(ownerB.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("answers the spec's toasts for a missing file, a missing title and a signed-out caller", async () => {
    const png = { field: "file", filename: "a.png", contentType: "image/png", content: TINY_PNG };
    expect(await upload(ownerB.cookie, { title: "No file" }, [])).toMatchObject({
      status: 400,
      body: { toast: MEDIA_TOASTS.noFile },
    });
    expect(await upload(ownerB.cookie, { title: "   " }, [png])).toMatchObject({
      status: 400,
      body: { toast: MEDIA_TOASTS.titleRequired },
    });
    expect(await upload(null, { title: "Anyone" }, [png])).toMatchObject({
      status: 401,
      body: { toast: MEDIA_TOASTS.authRequired },
    });
    expect(await rowsOf(ownerB.id)).toEqual([]);
  });

  it("lists only the viewer's media, newest first", async () => {
    const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: ownerA.cookie } });
    const response = await dashboardLoader(routeArgs(services, request));
    const { media: items, loadError } = response as { media: { title: string }[]; loadError: boolean };
    expect(loadError).toBe(false);
    expect(items.map((item) => item.title)).toEqual(["Disguised", "Spring sale"]);
  });

  it("lets only the owner delete: owner B gets a 404 for A's media, A removes the row and the file", async () => {
    const [row] = await rowsOf(ownerA.id);
    const thumbnails = createThumbnailer({
      getStorage: () => services.storage,
      isKnownOriginal: (key) => isKnownOriginal(services, key),
    });
    const answer = await thumbnails.answer(row!.storageKey, 320);
    const thumbnail = answer === "refused" ? null : answer.key;
    expect(thumbnail).toBe(`thumbs/w320/${row!.storageKey}.webp`);
    expect(await services.storage.stat(thumbnail!)).not.toBeNull();

    const denied = await remove(ownerB.cookie, row!.id);
    expect(denied.init.status).toBe(404);
    expect(denied.data).toEqual({ ok: false, toast: MEDIA_TOASTS.deleteFailed });
    expect(await services.storage.stat(row!.storageKey)).not.toBeNull();

    const malformed = await remove(ownerA.cookie, "not-a-uuid");
    expect(malformed.init.status).toBe(400);

    expect((await remove(ownerA.cookie, row!.id)).data).toEqual({
      ok: true,
      intent: "delete",
      id: row!.id,
      toast: MEDIA_TOASTS.deleted,
    });
    expect((await rowsOf(ownerA.id)).some((item) => item.id === row!.id)).toBe(false);
    expect(await services.storage.stat(row!.storageKey)).toBeNull();
    expect(await services.storage.stat(thumbnail!)).toBeNull();
  });

  it("keeps the file when a listing shows it: deleting the item from the dashboard leaves the listing's image", async () => {
    const form = new FormData();
    const fields = {
      name: "Harbor Books",
      industry: "food-industry",
      address: "2 Main St",
      city: "Woodland Hills",
    };
    for (const [name, value] of Object.entries({ ...fields, state: "CA", zip_code: "91367" })) {
      form.append(name, value);
    }
    form.append("image", new File([TINY_PNG], "storefront.png", { type: "image/png" }));
    const request = new Request(`${ORIGIN}/admin`, {
      method: "POST",
      body: form,
      headers: sessionHeaders(ownerA.cookie),
    });
    const saved = (await adminAction(routeArgs(services, request))) as { data: { ok: boolean; id: string } };
    if (!saved.data.ok) throw new Error("the business was not saved");
    const [listing] = await services.db.select().from(businesses).where(eq(businesses.id, saved.data.id));
    const imageUrl = listing!.imageUrl!;

    const listed = await listMediaForOwner(services, { id: ownerA.id });
    const item = listed.find((entry) => entry.fileUrl === imageUrl)!;
    expect(item.inUse).toBe(true);
    expect(listed.filter((entry) => entry.id !== item.id).every((entry) => !entry.inUse)).toBe(true);

    const [row] = await services.db.select().from(media).where(eq(media.id, item.id));
    expect((await remove(ownerA.cookie, item.id)).data).toMatchObject({
      ok: true,
      toast: MEDIA_TOASTS.deleted,
    });
    expect((await rowsOf(ownerA.id)).some((entry) => entry.id === item.id)).toBe(false);
    expect(await services.storage.stat(row!.storageKey)).not.toBeNull();
    const [business] = await services.db.select().from(businesses).where(eq(businesses.id, saved.data.id));
    expect(business!.imageUrl).toBe(imageUrl);
  });
});

function remove(cookie: string, id: string) {
  return dashboardAction(
    routeArgs(
      services,
      new Request(`${ORIGIN}/dashboard`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: new URLSearchParams({ intent: "delete", id }),
      }),
    ),
  ) as Promise<{ data: unknown; init: { status: number } }>;
}
