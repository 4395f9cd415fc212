import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BusinessSchema, SaveBusinessSchema } from "~/lib/business-schemas";
import { IMAGE_FILE_MESSAGE } from "~/lib/form-fields";
import { businesses, media, users } from "../infra/db/schema";
import { storageQuotaOf } from "../media/storage-quota";
import { createTestServices } from "../../../tests/support/test-services";
import { receiveValidatedForm } from "../infra/uploads";
import { createBusiness, type ManageViewer } from "./manage";
import { businessFormOptions, saveBusiness } from "./save-business";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const ownerA: ManageViewer = { id: "owner-a", isAdmin: false };
const ownerB: ManageViewer = { id: "owner-b", isAdmin: false };

let png: Uint8Array<ArrayBuffer>;

describe("saving the business form (multipart, with images)", () => {
  let services: TestServices;
  const storedFiles = () => listFiles(path.join(services.dataDir, "uploads"));
  /** What the /admin action does with the dialog's save: the form streamed in and checked, then saved. */
  async function saveForm(viewer: ManageViewer, form: FormData) {
    const request = multipartRequest(form);
    const received = await receiveValidatedForm(
      request,
      services.storage,
      SaveBusinessSchema,
      businessFormOptions(viewer, await storageQuotaOf(services.db, services.env, viewer)),
    );
    if (!received.ok) return received;
    return saveBusiness(services, viewer, received.value, received.files);
  }

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values(
      [ownerA, ownerB].map((viewer) => ({
        id: viewer.id,
        name: viewer.id,
        email: `${viewer.id}@example.com`,
      })),
    );
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a8" } });
    png = new Uint8Array(await image.png().toBuffer());
  });
  afterAll(async () => {
    await services.close();
  });
  beforeEach(async () => {
    await services.db.delete(businesses);
    await services.db.delete(media);
    fs.rmSync(path.join(services.dataDir, "uploads"), { recursive: true, force: true });
  });

  it("saves a multipart form with both images: files under the uploader's id, media rows noted, zip centroid set", async () => {
    const form = textForm({ user_id: ownerB.id });
    form.append("image", new File([png], "storefront.png", { type: "image/png" }));
    form.append("owner_image", new File([png], "me.png", { type: "image/png" }));
    const result = await saveForm(ownerA, form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, result.business.id));
    expect(row).toMatchObject({
      userId: ownerA.id,
      latitude: 34.1767,
      longitude: -118.6159,
      // Rating and review count are an admin's to set: an owner's form sends them and they stay 0.
      rating: 0,
      reviewCount: 0,
      // An owner's new listing waits for review, read in its own place's time zone.
      status: "pending",
      timeZone: "America/Los_Angeles",
    });
    expect(row!.imageUrl).toMatch(/^\/media\/owner-a\/\d+-[0-9a-f]+\.png$/);
    expect(row!.ownerImageUrl).toMatch(/^\/media\/owner-a\/\d+-[0-9a-f]+\.png$/);
    const rows = await services.db.select().from(media);
    expect(rows.map((item) => item.notes)).toEqual([
      "Uploaded for business: Sunrise Café",
      "Uploaded for business: Sunrise Café",
    ]);
    expect(rows.map((item) => item.title).sort()).toEqual(["Sunrise Café image", "Sunrise Café owner image"]);
    expect(rows.every((item) => item.userId === ownerA.id && item.fileType === "image/png")).toBe(true);
    expect(storedFiles()).toHaveLength(2);

    // An edit without new files keeps both images.
    const edit = textForm({ id: row!.id, name: "Sunrise Café & Bakery", zip_code: "99999" });
    const edited = await saveForm(ownerA, edit);
    expect(edited).toMatchObject({ ok: true, mode: "update" });
    const [after] = await services.db.select().from(businesses).where(eq(businesses.id, row!.id));
    expect(after).toMatchObject({
      imageUrl: row!.imageUrl,
      ownerImageUrl: row!.ownerImageUrl,
      latitude: null,
    });
  });

  it("refuses a disguised non-image by its content and keeps nothing", async () => {
    const form = textForm();
    form.append("image", new File(["just some text, not a picture"], "fake.png", { type: "image/png" }));
    const result = await saveForm(ownerA, form);
    expect(result).toEqual({
      ok: false,
      status: 415,
      refusal: "invalid-type",
      result: { status: "error", error: { image: [IMAGE_FILE_MESSAGE] } },
    });
    expect(await services.db.select().from(businesses)).toHaveLength(0);
    expect(await services.db.select().from(media)).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses invalid fields before storing any file", async () => {
    const form = textForm({ name: "", rating: "5.5", website: "javascript:alert(1)" });
    form.append("image", new File([png], "storefront.png", { type: "image/png" }));
    const result = await saveForm(ownerA, form);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      result: {
        error: {
          name: ["Name is required"],
          rating: ["Rating must be between 0 and 5"],
          website: ["Please enter a valid website address, such as https://yourbusiness.com"],
        },
      },
    });
    expect(storedFiles()).toEqual([]);
  });

  it("removes stored files and media rows when the listing cannot be written", async () => {
    // No such user: the insert breaks its foreign key after both images were stored.
    const ghost: ManageViewer = { id: "ghost", isAdmin: false };
    const form = textForm();
    form.append("image", new File([png], "storefront.png", { type: "image/png" }));
    form.append("owner_image", new File([png], "me.png", { type: "image/png" }));
    await expect(saveForm(ghost, form)).rejects.toThrow();
    expect(storedFiles()).toEqual([]);
    expect(await services.db.select().from(media)).toHaveLength(0);
    expect(await services.db.select().from(businesses)).toHaveLength(0);
  });

  it("answers an update of someone else's listing as not found and removes the files it carried", async () => {
    const input = BusinessSchema.parse(Object.fromEntries(textForm()));
    const listing = await createBusiness(services.db, ownerA, { input, position: null, images: {} });
    const form = textForm({ id: listing.id, name: "Taken over" });
    form.append("image", new File([png], "x.png", { type: "image/png" }));
    expect(await saveForm(ownerB, form)).toEqual({
      ok: false,
      status: 404,
    });
    expect(storedFiles()).toEqual([]);
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.name).toBe("Sunrise Café");
  });
});

function textForm(overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    name: "Sunrise Café",
    industry: "food-industry",
    address: "1 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: "91367",
    rating: "4.5",
    review_count: "23",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function multipartRequest(form: FormData) {
  return new Request("http://localhost:3999/admin", { method: "POST", body: form });
}

/** Every stored file (not the storage's temp folder or its metadata sidecars). */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json"))
    .filter((entry) => !path.relative(root, entry.parentPath).startsWith(".tmp"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
