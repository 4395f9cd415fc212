import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormReply } from "~/lib/form-submission";
import { MEDIA_TOASTS } from "~/lib/media";
import { action as adminAction } from "~/routes/admin/businesses";
import { action as uploadAction } from "~/routes/resources/media-upload";
import { routeArgs, sessionHeaders, signInConfirmedUser } from "../../../tests/support/route-calls";
import { media, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { generatedBytes, multipartBody, TINY_PNG } from "../../../tests/support/test-multipart";
import { formatStorage, storageQuotaMessage } from "./storage-quota";

const KB = 1024;
const MB = 1024 * KB;
type Account = { id: string; cookie: string };
let owner: Account;
let admin: Account;
let services: Awaited<ReturnType<typeof createTestServices>>;

/** The upload dialog's request through the /dashboard/media action, answered as the upload's outcome. */
async function uploadMedia(app: typeof services, account: Account, request: Request) {
  request.headers.set("Cookie", account.cookie);
  const response = await uploadAction(routeArgs(app, request));
  const body = (await response.json()) as { ok: boolean; toast: typeof MEDIA_TOASTS.storageFull };
  return body.ok ? { ok: true as const } : { ok: false as const, status: response.status, toast: body.toast };
}

/** The business dialog's save through the /admin action, answered as the save's outcome. */
async function saveBusinessFromForm(app: typeof services, account: Account, request: Request) {
  request.headers.set("Cookie", account.cookie);
  const { data, init } = (await adminAction(routeArgs(app, request))) as unknown as {
    data: FormReply;
    init: { status: number };
  };
  return { ok: data.ok, status: init.status, fieldErrors: data.result?.error };
}

/** A media upload of `bytes` bytes (a PNG header, then filler). */
function uploadRequest(bytes: number, title = "Banner") {
  const { body, contentType } = multipartBody({ title }, [
    {
      field: "file",
      filename: "banner.png",
      contentType: "image/png",
      content: generatedBytes(bytes, { head: TINY_PNG }),
    },
  ]);
  const headers = sessionHeaders(null);
  headers.set("Content-Type", contentType);
  return new Request("http://localhost/dashboard/media", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(services.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const rowsOf = (userId: string) => services.db.select().from(media).where(eq(media.userId, userId));

beforeAll(async () => {
  services = await createTestServices({ STORAGE_QUOTA_MB: "1" });
  const password = "harbor-lights-2026";
  owner = await signInConfirmedUser(services, {
    email: "quota-owner@example.com",
    password,
    clientIp: "10.7.0.1",
  });
  admin = await signInConfirmedUser(services, {
    email: "quota-admin@example.com",
    password,
    clientIp: "10.7.0.2",
  });
  await services.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await services?.close();
});
beforeEach(async () => {
  await services.db.delete(media);
});

describe("per-account storage quota", () => {
  it("accepts what fits, refuses what does not with the amount left, and keeps no file or row", async () => {
    expect((await uploadMedia(services, owner, uploadRequest(600 * KB))).ok).toBe(true);
    const before = await storedFiles();
    const refused = await uploadMedia(services, owner, uploadRequest(600 * KB));
    expect(refused).toEqual({
      ok: false,
      status: 413,
      toast: {
        ...MEDIA_TOASTS.storageFull,
        description:
          "This upload does not fit in the 424 KB left of your 1 MB of storage. Delete some media to upload more.",
      },
    });
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it("refuses unread once the quota is used, and takes uploads again after a delete", async () => {
    expect((await uploadMedia(services, owner, uploadRequest(MB))).ok).toBe(true);
    const refused = await uploadMedia(services, owner, uploadRequest(10 * KB));
    expect(refused.ok ? null : refused.toast.description).toBe(
      "You have used your 1 MB of storage. Delete some media to upload more.",
    );
    await services.db.delete(media).where(eq(media.userId, owner.id));
    expect((await uploadMedia(services, owner, uploadRequest(10 * KB))).ok).toBe(true);
  });

  it("records at most what fits when uploads of one account run side by side", async () => {
    const before = await storedFiles();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => uploadMedia(services, owner, uploadRequest(400 * KB, `Side ${i}`))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok && result.status === 413)).toHaveLength(2);
    const rows = await rowsOf(owner.id);
    expect(rows.reduce((sum, row) => sum + row.fileSize, 0)).toBeLessThanOrEqual(MB);
    // Each recorded file and its sidecar; the refused ones are gone.
    expect(await storedFiles()).toHaveLength(before.length + rows.length * 2);
  });

  it("counts business images (media rows too) and refuses a new one under the image field", async () => {
    expect((await uploadMedia(services, owner, uploadRequest(900 * KB))).ok).toBe(true);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Quota Bakery",
      industry: "food-industry",
      address: "1 Main St",
      city: "Encino",
      state: "CA",
      zip_code: "91316",
    }))
      form.append(name, value);
    form.append(
      "image",
      new File([new Uint8Array(Buffer.concat([TINY_PNG, Buffer.alloc(200 * KB)]))], "a.png"),
    );
    const result = await saveBusinessFromForm(
      services,
      owner,
      new Request("http://localhost/admin", { method: "POST", body: form }),
    );
    expect(result).toMatchObject({ ok: false, status: 413 });
    const message = !result.ok && result.fieldErrors?.image?.[0];
    expect(message).toMatch(/left of your 1 MB of storage\. Delete some media to upload more\.$/);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it("does not limit admins", async () => {
    for (let i = 0; i < 3; i++) expect((await uploadMedia(services, admin, uploadRequest(MB))).ok).toBe(true);
  });
});

describe("storage quota wording", () => {
  it("states the limit and what is left, rounded down", () => {
    expect(formatStorage(1024 * MB)).toBe("1 GB");
    expect(formatStorage(1536 * MB)).toBe("1.5 GB");
    expect(formatStorage(1023.99 * MB)).toBe("1023.9 MB");
    expect(formatStorage(300 * KB)).toBe("300 KB");
    expect(formatStorage(10)).toBe("1 KB");
    expect(storageQuotaMessage({ limitBytes: 1024 * MB, usedBytes: 1024 * MB })).toBe(
      "You have used your 1 GB of storage. Delete some media to upload more.",
    );
  });
});
