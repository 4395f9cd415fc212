import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount, randomIp } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Stored XSS: hostile text in every field shown to others must render inert, wherever it is shown.
const PAYLOAD = `<script>alert("xss")</script><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a>`;
const URL_PAYLOAD = "javascript:alert(3)";

let server: ServerProcess;
let owner: string;
let admin: string;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: "xss-admin@example.com" });
  owner = await createSignedInAccount(server, "xss-owner@example.com");
  admin = await createSignedInAccount(server, "xss-admin@example.com");
}, 120_000);
afterAll(async () => {
  await server.stop();
});

/** Asserts a page holds the payload only as text: no live script, event handler or javascript: link from it. */
function expectInert(html: string, where: string) {
  expect(html, where).not.toContain('<script>alert("xss")');
  expect(html, where).not.toMatch(/<img[^>]*onerror=/i);
  expect(html, where).not.toMatch(/href="javascript:/i);
  expect(html, where).not.toMatch(/<a[^>]+href="javascript:alert\(3\)/i);
}

async function page(path: string, cookie = "") {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, path).toBe(200);
  return response.text();
}

async function post(path: string, body: FormData | URLSearchParams, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { Origin: server.url, "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

describe("stored XSS renders inert", () => {
  it("in every business field: the public page, the directory and the dashboard", async () => {
    const form = new FormData();
    const fields = [
      "name",
      "description",
      "address",
      "city",
      "state",
      "phone",
      "offer_text",
      "owner_name",
      "owner_bio",
      "quality_description",
      "community_description",
      "sustainability_description",
    ];
    const limits: Record<string, number> = { state: 50, phone: 40 };
    for (const field of fields) form.set(field, `${field} ${PAYLOAD}`.slice(0, limits[field] ?? 190));
    form.set("industry", "food-industry");
    form.set("zip_code", "91367");
    form.set("website", 'https://example.com/"><script>alert(4)</script>');
    const created = await post("/admin.data", form, owner);
    expect(created.status, await created.clone().text()).toBe(201);
    const listing = await page("/admin", owner);
    const id = listing.match(/\/business\/([0-9a-f-]{36})/)?.[1];
    expect(id).toBeTruthy();
    // An owner's listing waits for review: the admin's queue shows it, then a rejection (with a hostile reason the
    // owner's dashboard shows) and an approval make it public.
    expectInert(await page("/admin", admin), "admin review queue");
    const decide = (intent: string, extra: Record<string, string> = {}) =>
      post("/admin.data", new URLSearchParams({ intent, id: id!, ...extra }), admin);
    expect((await decide("reject", { reason: `reason ${PAYLOAD}` })).status).toBe(200);
    expectInert(await page("/admin", owner), "rejection reason on the owner's dashboard");
    expect((await decide("approve")).status).toBe(200);
    expectInert(await page(`/business/${id}`), "business page");
    expectInert(await page("/local-shiners/all"), "directory");
    expectInert(listing, "dashboard");

    // A javascript: website is refused outright.
    const bad = new FormData();
    for (const [key, value] of [
      ["name", "Bad link"],
      ["industry", "food-industry"],
      ["address", "1 Main"],
      ["city", "Encino"],
      ["state", "CA"],
      ["zip_code", "91316"],
      ["website", URL_PAYLOAD],
    ])
      bad.set(key, value);
    expect((await post("/admin.data", bad, owner)).status).toBe(400);
  });

  it("in every story field, including Markdown content", async () => {
    const form = new FormData();
    for (const field of ["title", "short_description", "description", "author"])
      form.set(field, `${field} ${PAYLOAD}`.slice(0, 190));
    form.set("content", `# Hello\n\n${PAYLOAD}\n\n[click](javascript:alert(5)) <svg onload=alert(6)>`);
    form.set("industry", "home-services");
    form.set("publish_date", "2025-01-01");
    form.set("is_featured", "on");
    const created = await post("/admin/stories.data", form, admin);
    expect(created.status).toBe(201);
    const panel = await page("/admin/stories", admin);
    const id =
      panel.match(/\/story\/([0-9a-f-]{36})/)?.[1] ??
      (await page("/shine-stories/home-services")).match(/\/story\/([0-9a-f-]{36})/)?.[1];
    expect(id).toBeTruthy();
    const story = await page(`/story/${id}`);
    expectInert(story, "story page");
    expect(story).not.toMatch(/<svg[^>]*onload/i);
    expectInert(await page("/shine-stories/home-services"), "industry page");
    expectInert(panel, "admin panel");
  });

  it("in visitor submissions shown in the admin inbox", async () => {
    const story = new URLSearchParams({
      firstName: "Eve<script>",
      lastName: "Hacker",
      email: "eve@example.com",
      story: `My story ${PAYLOAD}`,
    });
    expect((await post("/stories/submit.data", story)).status).toBeLessThan(300);
    const application = new URLSearchParams({
      businessName: `Evil ${PAYLOAD}`.slice(0, 150),
      phoneNumber: "",
      // An application needs a way to reach the applicant (phone or email).
      email: "evil@example.com",
      website: "https://evil.example",
      address: PAYLOAD.slice(0, 200),
    });
    const applied = await post("/submit-business.data", application);
    // Taken, not refused (a refusal is a 200 too, with X-Form-Status: docs/decisions/071).
    expect(applied.status).toBeLessThan(400);
    expect(applied.headers.get("x-form-status")).toBeNull();
    const contact = new URLSearchParams({
      name: "Mallory",
      email: "mallory@example.com",
      message: `Hi ${PAYLOAD}`,
    });
    const sent = await post("/contact.data", contact);
    // Taken, not refused (a refusal is a 200 too, with X-Form-Status: docs/decisions/071).
    expect(sent.status).toBeLessThan(400);
    expect(sent.headers.get("x-form-status")).toBeNull();
    const inbox = await page("/admin/inbox", admin);
    expect(inbox).toContain("Mallory");
    expectInert(inbox, "inbox");
  });
});
