import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminStorySearchSchema, SaveStorySchema, type AdminStoryInput } from "~/lib/admin-story-schemas";
import { businesses, businessStories, media, storySubmissions, users } from "../infra/db/schema";
import { getPublishedStory, listStoriesAboutBusiness } from "./public-stories";
import type { Storage } from "../infra/storage";
import { createTestServices } from "../../../tests/support/test-services";
import {
  createStory,
  deleteStory,
  listAdminStories,
  listStoryListingChoices,
  updateStory,
} from "./admin-stories";
import { receiveValidatedForm } from "../infra/uploads";
import { saveStory, STORY_FORM_OPTIONS } from "./save-admin-story";
import { siteToday } from "./site-date";

const TIME_ZONE = "America/Los_Angeles";
const admin = { id: "admin-1", isAdmin: true };
const owner = { id: "owner-1", isAdmin: false };

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

function input(overrides: Partial<AdminStoryInput> = {}): AdminStoryInput {
  return {
    title: "A Story",
    short_description: "Short.",
    description: "Long description.",
    content: null,
    industry: "food-industry",
    author: "Pat Author",
    publish_date: siteToday(TIME_ZONE),
    is_featured: false,
    business_id: null,
    ...overrides,
  };
}

const search = (query: Record<string, string> = {}) => AdminStorySearchSchema.parse(query);

describe("admin stories", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let png: Uint8Array<ArrayBuffer>;
  const today = siteToday(TIME_ZONE);

  function form(fields: Record<string, string>, file?: File) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append("background_image", file);
    return new Request("http://localhost/admin/stories", { method: "POST", body });
  }
  /** What the /admin/stories action does with the dialog's save: the form streamed in and checked, then saved. */
  async function saveForm(viewer: typeof admin, request: Request, storage: Storage = services.storage) {
    const received = await receiveValidatedForm(request, storage, SaveStorySchema, STORY_FORM_OPTIONS);
    if (!received.ok) return received;
    const saved = await saveStory({ db: services.db, storage }, viewer, received.value, received.files);
    return { ...saved, storageError: received.storageError };
  }
  const fields = {
    title: "Fresh Bread",
    short_description: "A bakery's kiosk.",
    description: "How the kiosk helped.",
    industry: "food-industry",
    author: "Ana Baker",
    publish_date: today,
    is_featured: "on",
  };

  beforeAll(async () => {
    services = await createTestServices({ SITE_TIMEZONE: TIME_ZONE });
    await services.db.insert(users).values([
      { id: admin.id, name: "Admin", email: "admin@example.com", role: "admin" },
      { id: owner.id, name: "Owner", email: "owner@example.com" },
    ]);
    png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0aa" } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.delete(businessStories);
    await services.db.delete(media);
    await rm(backgroundsDir(), { recursive: true, force: true });
  });
  const backgroundsDir = () => path.join(services.dataDir, "uploads", "story-backgrounds");
  /** Story backgrounds in storage: a refused save leaves none behind. */
  const storedBackgrounds = () => readdir(backgroundsDir()).catch(() => []);

  it("lists newest first with the three counts; a future-dated story counts in the total only", async () => {
    await createStory(services.db, admin, input({ title: "Old", publish_date: addDays(today, -30) }));
    await createStory(services.db, admin, input({ title: "Today", publish_date: today, is_featured: true }));
    await createStory(
      services.db,
      admin,
      input({ title: "Later", publish_date: addDays(today, 10), is_featured: true }),
    );
    const result = await listAdminStories(services, admin, search());
    if (!result.ok) throw new Error("refused");
    expect(result.stories.map((story) => story.title)).toEqual(["Later", "Today", "Old"]);
    expect(result.counts).toEqual({ total: 3, featured: 2, published: 2 });
    expect(result.today).toBe(today);
  });

  it("filters by title or author (case-insensitive, wildcards literal), industry and featured, in the query", async () => {
    await createStory(services.db, admin, input({ title: "Tacos on Ventura", author: "Luis Ortega" }));
    await createStory(
      services.db,
      admin,
      input({ title: "Tune-ups", author: "Kim 100%", industry: "automobile-services", is_featured: true }),
    );
    await createStory(
      services.db,
      admin,
      input({ title: "Yoga", author: "Sam Lee", industry: "health-wellness" }),
    );
    const titles = async (query: Record<string, string>) => {
      const result = await listAdminStories(services, admin, search(query));
      if (!result.ok) throw new Error("refused");
      return result.stories.map((story) => story.title).sort();
    };
    expect(await titles({ q: "ORTEGA" })).toEqual(["Tacos on Ventura"]);
    expect(await titles({ q: "tune" })).toEqual(["Tune-ups"]);
    expect(await titles({ q: "100%" })).toEqual(["Tune-ups"]);
    expect(await titles({ q: "%" })).toEqual(["Tune-ups"]);
    expect(await titles({ industry: "health-wellness" })).toEqual(["Yoga"]);
    expect(await titles({ featured: "1" })).toEqual(["Tune-ups"]);
    expect(await titles({ industry: "not-an-industry" })).toHaveLength(3);
    // Counts describe every story, whatever the filters.
    const filtered = await listAdminStories(services, admin, search({ q: "yoga" }));
    expect(filtered).toMatchObject({ counts: { total: 3 }, matching: 1 });
  });

  it("creates, updates (keeping the image when none is sent) and deletes", async () => {
    const created = await createStory(services.db, admin, input({ content: "# Hi" }));
    if (!created.ok) throw new Error("refused");
    await services.db
      .update(businessStories)
      .set({ backgroundImageUrl: "/media/old.png" })
      .where(eq(businessStories.id, created.story.id));
    const updated = await updateStory(services.db, admin, created.story.id, input({ title: "Renamed" }));
    expect(updated).toMatchObject({
      ok: true,
      story: { title: "Renamed", backgroundImageUrl: "/media/old.png", content: null },
    });
    const [row] = await services.db.select().from(businessStories);
    expect(row).toMatchObject({ userId: admin.id, title: "Renamed" });
    expect(await updateStory(services.db, admin, "not-a-uuid", input())).toMatchObject({ status: 404 });
    expect(await deleteStory(services.db, admin, created.story.id)).toEqual({ ok: true });
    expect(await deleteStory(services.db, admin, created.story.id)).toMatchObject({ status: 404 });
  });

  it("refuses a non-admin everywhere and changes nothing", async () => {
    const created = await createStory(services.db, admin, input());
    if (!created.ok) throw new Error("refused");
    const before = await services.db.select().from(businessStories);
    expect(await listAdminStories(services, owner, search())).toMatchObject({ ok: false, status: 403 });
    expect(await createStory(services.db, owner, input())).toMatchObject({ ok: false, status: 403 });
    expect(await updateStory(services.db, owner, created.story.id, input({ title: "X" }))).toMatchObject({
      status: 403,
    });
    expect(await deleteStory(services.db, owner, created.story.id)).toMatchObject({ status: 403 });
    const file = new File([png], "bg.png", { type: "image/png" });
    expect(await saveForm(owner, form(fields, file))).toMatchObject({ status: 403 });
    expect(await services.db.select().from(businessStories)).toEqual(before);
    expect(await services.db.select().from(media)).toEqual([]);
    expect(await storedBackgrounds()).toEqual([]);
  });

  it("saves the form with a background image under story-backgrounds/ and records its media row", async () => {
    const file = new File([png], "Patio Photo.png", { type: "image/png" });
    const result = await saveForm(admin, form(fields, file));
    expect(result).toMatchObject({
      ok: true,
      mode: "create",
      storageError: undefined,
      story: { isFeatured: true },
    });
    const [row] = await services.db.select().from(media);
    expect(row).toMatchObject({
      userId: admin.id,
      title: "Story Background - Patio Photo.png",
      description: "Background image for business story",
      fileName: "Patio Photo.png",
      fileType: "image/png",
      fileSize: png.byteLength,
    });
    expect(row!.storageKey).toMatch(/^story-backgrounds\/\d+-[0-9a-f]+\.png$/);
    expect(result.ok && result.story.backgroundImageUrl).toBe(row!.fileUrl);
    expect(await services.storage.stat(row!.storageKey)).toBeTruthy();
  });

  it("answers field errors for missing fields and a disguised file, storing nothing", async () => {
    const empty = await saveForm(admin, form({ title: " " }));
    expect(empty).toMatchObject({ ok: false, status: 400 });
    expect(!empty.ok && "result" in empty && empty.result?.error).toMatchObject({
      title: ["Title is required"],
      short_description: ["Short description is required"],
      description: ["Description is required"],
      industry: ["Industry is required"],
      author: ["Author is required"],
      publish_date: ["Publish date is required"],
    });
    const fake = new File([new TextEncoder().encode("<svg></svg>")], "bg.png", { type: "image/png" });
    const refused = await saveForm(admin, form(fields, fake));
    expect(refused).toMatchObject({
      ok: false,
      status: 415,
      result: { error: { background_image: ["Please select an image file."] } },
    });
    expect(await services.db.select().from(businessStories)).toEqual([]);
    expect(await services.db.select().from(media)).toEqual([]);
  });

  it("saves the story without a new image when storing it fails, and says why", async () => {
    const created = await createStory(services.db, admin, input({ title: "Kept" }));
    if (!created.ok) throw new Error("refused");
    await services.db.update(businessStories).set({ backgroundImageUrl: "/media/kept.png" });
    const broken: Storage = {
      ...services.storage,
      put: async () => {
        throw new Error("disk full");
      },
    };
    const file = new File([png], "bg.png", { type: "image/png" });
    const edit = await saveForm(
      admin,
      form({ ...fields, id: created.story.id, title: "Edited" }, file),
      broken,
    );
    expect(edit).toMatchObject({
      ok: true,
      mode: "update",
      storageError: new Error("disk full"),
      story: { title: "Edited", backgroundImageUrl: "/media/kept.png" },
    });
    expect(await services.db.select().from(media)).toEqual([]);
  });

  it("names the listing a story is about: the story links to it, the listing lists the story", async () => {
    const [bakery] = await services.db
      .insert(businesses)
      .values({
        name: "Pat's Bakery",
        industry: "food-industry",
        address: "1 Main St",
        city: "Tarzana",
        state: "CA",
        zipCode: "91356",
      })
      .returning({ id: businesses.id });
    const choices = await listStoryListingChoices(services.db, admin);
    expect(choices).toContainEqual({
      id: bakery!.id,
      name: "Pat's Bakery",
      city: "Tarzana",
      industry: "food-industry",
    });
    expect(await listStoryListingChoices(services.db, owner)).toEqual([]);

    // Through the form, as the dialog sends it.
    const saved = await saveForm(admin, form({ ...fields, business_id: bakery!.id }));
    if (!saved.ok || !("story" in saved)) throw new Error("refused");
    expect(saved.story.businessId).toBe(bakery!.id);
    const reader = { db: services.db, env: { SITE_TIMEZONE: TIME_ZONE } };
    expect((await getPublishedStory(reader, saved.story.id))?.business).toEqual({
      id: bakery!.id,
      name: "Pat's Bakery",
      city: "Tarzana",
      state: "CA",
    });
    expect((await listStoriesAboutBusiness(reader, bakery!.id)).map((story) => story.id)).toEqual([
      saved.story.id,
    ]);
    // A story dated later is not listed until it is published.
    await createStory(
      services.db,
      admin,
      input({ business_id: bakery!.id, publish_date: addDays(today, 5) }),
    );
    expect(await listStoriesAboutBusiness(reader, bakery!.id)).toHaveLength(1);

    // A listing that does not exist is a message under the field, and nothing changes.
    const ghost = "00000000-0000-4000-8000-000000000000";
    const refused = await saveForm(
      admin,
      form({ ...fields, id: saved.story.id, title: "Moved", business_id: ghost }),
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      result: { error: { business_id: [expect.any(String)] } },
    });
    const notUuid = await saveForm(admin, form({ ...fields, business_id: "not-a-listing" }));
    expect(notUuid).toMatchObject({ ok: false, status: 400 });
    expect((await getPublishedStory(reader, saved.story.id))?.title).toBe("Fresh Bread");

    // Deleting the listing keeps the story, without the link.
    await services.db.delete(businesses).where(eq(businesses.id, bakery!.id));
    expect((await getPublishedStory(reader, saved.story.id))?.business).toBeNull();
  });

  it("marks the submission a story was made from handled, and only when the story is saved", async () => {
    const [submission] = await services.db
      .insert(storySubmissions)
      .values({
        firstName: "Inez",
        lastName: "Ortega",
        email: "inez@example.com",
        story: "Flowers and a kiosk.",
      })
      .returning({ id: storySubmissions.id });
    const handledAt = async () =>
      (await services.db.select().from(storySubmissions).where(eq(storySubmissions.id, submission!.id)))[0]!
        .handledAt;
    // Refused (unknown listing): nothing is saved and the submission stays open.
    const refused = await saveForm(
      admin,
      form({
        ...fields,
        from_submission: submission!.id,
        business_id: "00000000-0000-4000-8000-000000000000",
      }),
    );
    expect(refused.ok).toBe(false);
    expect(await handledAt()).toBeNull();
    expect(
      await createStory(services.db, owner, { ...input(), from_submission: submission!.id }),
    ).toMatchObject({
      ok: false,
    });
    expect(await handledAt()).toBeNull();

    const saved = await saveForm(admin, form({ ...fields, from_submission: submission!.id }));
    expect(saved.ok).toBe(true);
    expect(await handledAt()).toBeInstanceOf(Date);
  });
});
