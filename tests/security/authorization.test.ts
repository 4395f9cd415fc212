import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount, randomIp } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// The authorization matrix over every state-changing endpoint: visitor, owner A, owner B and admin
// each try every write; each refused request leaves the data as it was (checked through what its owner sees).
// The domain-level matrices with direct database checks are tests/integration/*-authorization.test.ts.

let server: ServerProcess;
const who: Record<"visitor" | "ownerA" | "ownerB" | "admin", string> = {
  visitor: "",
  ownerA: "",
  ownerB: "",
  admin: "",
};
let businessId = "";
let mediaId = "";
let storyId = "";
let submissionId = "";

async function post(path: string, body: FormData | URLSearchParams, cookie: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { Origin: server.url, "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

async function html(path: string, cookie: string) {
  return (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
}

function businessForm(name: string, id?: string) {
  const form = new FormData();
  for (const [key, value] of [
    ["name", name],
    ["industry", "food-industry"],
    ["address", "1 Main St"],
    ["city", "Encino"],
    ["state", "CA"],
    ["zip_code", "91316"],
  ])
    form.set(key, value);
  if (id) form.set("id", id);
  return form;
}

function storyForm(title: string, id?: string) {
  const form = new FormData();
  for (const [key, value] of [
    ["title", title],
    ["short_description", "Short"],
    ["description", "Long enough description"],
    ["industry", "home-services"],
    ["author", "Ana"],
    ["publish_date", "2025-05-01"],
  ])
    form.set(key, value);
  if (id) form.set("id", id);
  return form;
}

/** Refused: a 4xx, or (for a single-fetch `.data` request) a redirect to sign-in or the dashboard. */
function expectRefused({ status, text }: { status: number; text: string }, actor: string) {
  const redirected = (status === 202 || (status >= 300 && status < 400)) && /\/signin|\/dashboard/.test(text);
  expect(status >= 400 || redirected, `${actor}: ${status} ${text.slice(0, 120)}`).toBe(true);
}

const del = (id: string) => new URLSearchParams({ intent: "delete", id });
const review = (intent: "approve" | "reject" | "unpublish", id: string) =>
  new URLSearchParams({ intent, id, ...(intent === "reject" ? { reason: "Not a real shop" } : {}) });

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: "matrix-admin@example.com" });
  who.ownerA = await createSignedInAccount(server, "matrix-a@example.com");
  who.ownerB = await createSignedInAccount(server, "matrix-b@example.com");
  who.admin = await createSignedInAccount(server, "matrix-admin@example.com");

  expect((await post("/admin.data", businessForm("Owner A Bakery"), who.ownerA)).status).toBe(201);
  businessId = (await html("/admin", who.ownerA)).match(/\/business\/([0-9a-f-]{36})/)![1];
  // An owner's listing waits for review; the matrix below is about who may change it once it is public.
  expect((await post("/admin.data", review("approve", businessId), who.admin)).status).toBe(200);

  const upload = new FormData();
  upload.set("title", "Owner A ad");
  upload.set(
    "file",
    new Blob(
      [
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          "base64",
        ),
      ],
      { type: "image/png" },
    ),
    "a.png",
  );
  const uploaded = await fetch(`${server.url}/dashboard/media`, {
    method: "POST",
    body: upload,
    headers: { Cookie: who.ownerA },
  });
  mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;

  expect((await post("/admin/stories.data", storyForm("Matrix Story"), who.admin)).status).toBe(201);
  storyId = (await html("/admin/stories", who.admin)).match(/\/story\/([0-9a-f-]{36})/)![1];

  const submitted = await post(
    "/stories/submit.data",
    new URLSearchParams({
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      story: "A story long enough to keep.",
    }),
    "",
  );
  expect(submitted.status).toBeLessThan(300);
  submissionId =
    (await html("/admin/inbox", who.admin)).match(/name="id" value="([0-9a-f-]{36})"/)?.[1] ?? "";
}, 180_000);
afterAll(async () => {
  await server.stop();
});

describe("authorization matrix", () => {
  it("businesses: only the owner and admins may change a listing", async () => {
    for (const actor of ["visitor", "ownerB"] as const) {
      expectRefused(await post("/admin.data", businessForm("Hijacked", businessId), who[actor]), actor);
      expectRefused(await post("/admin.data", del(businessId), who[actor]), actor);
    }
    const page = await html(`/business/${businessId}`, "");
    expect(page).toContain("Owner A Bakery");
    expect(page).not.toContain("Hijacked");
    // A visitor cannot create; an owner cannot create on someone else's behalf (user_id comes from the session).
    expect((await post("/admin.data", businessForm("Visitor Shop"), "")).status).toBe(401);
    const sneaky = businessForm("Sneaky Shop");
    sneaky.set("user_id", "someone-else");
    sneaky.set("userId", "someone-else");
    expect((await post("/admin.data", sneaky, who.ownerB)).status).toBe(201);
    expect(await html("/admin", who.ownerB)).toContain("Sneaky Shop");
    expect(await html("/admin", who.ownerA)).not.toContain("Sneaky Shop");
    // The admin may edit and delete anyone's.
    expect(
      (await post("/admin.data", businessForm("Owner A Bakery (checked)", businessId), who.admin)).status,
    ).toBe(200);
    expect(await html("/admin", who.ownerA)).toContain("Owner A Bakery (checked)");
  });

  it("listing review: only admins may approve, reject or unpublish; owners cannot set a rating", async () => {
    expect((await post("/admin.data", businessForm("Owner B Pending"), who.ownerB)).status).toBe(201);
    const pendingId = (await html("/admin", who.ownerB)).match(/\/business\/([0-9a-f-]{36})/)![1];
    for (const actor of ["visitor", "ownerA", "ownerB"] as const) {
      expectRefused(await post("/admin.data", review("approve", pendingId), who[actor]), actor);
      expectRefused(await post("/admin.data", review("reject", pendingId), who[actor]), actor);
      expectRefused(await post("/admin.data", review("unpublish", businessId), who[actor]), actor);
    }
    // Still pending (not public) and the public listing still public.
    expect(await html(`/business/${pendingId}`, "")).not.toContain("Owner B Pending");
    expect(await html(`/business/${businessId}`, "")).toContain("Owner A Bakery");
    // The owner's own save replayed with a rating and review count changes neither.
    const rated = businessForm("Owner B Pending", pendingId);
    rated.set("rating", "5");
    rated.set("review_count", "9999");
    expect((await post("/admin.data", rated, who.ownerB)).status).toBe(200);
    const dashboard = await html("/admin", who.ownerB);
    expect(dashboard).toContain("0/5 (0 reviews)");
    expect(dashboard).not.toContain("9999");
  });

  it("claims: visitors cannot claim; nobody can claim a listing that has its own owner", async () => {
    const claim = new URLSearchParams({ intent: "claim" });
    expectRefused(await post(`/business/${businessId}.data`, claim, who.visitor), "visitor");
    for (const actor of ["ownerB", "admin"] as const) {
      expectRefused(await post(`/business/${businessId}.data`, claim, who[actor]), actor);
    }
    const code = new URLSearchParams({ intent: "confirm-claim", code: "123456" });
    expectRefused(await post(`/business/${businessId}.data`, code, who.ownerB), "ownerB");
    expect(await html("/admin", who.ownerA)).toContain("Owner A Bakery");
    expect(await html("/admin", who.ownerB)).not.toContain("Owner A Bakery");
  });

  it("media: only the owner may delete it; visitors cannot upload", async () => {
    for (const actor of ["visitor", "ownerB", "admin"] as const) {
      expectRefused(await post("/dashboard.data", del(mediaId), who[actor]), actor);
    }
    expect(await html("/dashboard", who.ownerA)).toContain("Owner A ad");
    const form = new FormData();
    form.set("title", "x");
    expect((await post("/dashboard/media", form, "")).status).toBe(401);
  });

  it("stories: only admins may create, update or delete", async () => {
    for (const actor of ["visitor", "ownerA"] as const) {
      expectRefused(await post("/admin/stories.data", storyForm("Owner story"), who[actor]), actor);
      expectRefused(await post("/admin/stories.data", storyForm("Defaced", storyId), who[actor]), actor);
      expectRefused(await post("/admin/stories.data", del(storyId), who[actor]), actor);
    }
    const panel = await html("/admin/stories", who.admin);
    expect(panel).toContain("Matrix Story");
    expect(panel).not.toContain("Defaced");
    expect(panel).not.toContain("Owner story");
  });

  it("inbox: only admins may read it or mark items handled", async () => {
    expect(submissionId).not.toBe("");
    for (const actor of ["visitor", "ownerA"] as const) {
      const response = await post(
        "/admin/inbox.data",
        new URLSearchParams({ intent: "handle", kind: "story_submission", id: submissionId }),
        who[actor],
      );
      expectRefused(response, actor);
      const read = await fetch(`${server.url}/admin/inbox`, {
        headers: { Cookie: who[actor] },
        redirect: "manual",
      });
      expect(read.status, actor).toBe(302);
    }
    expect(await html("/admin/inbox", who.admin)).toContain("Mark as handled");
  });

  it("screen groups and messages: only admins may read the pages, change groups or publish", async () => {
    const group = new URLSearchParams({ intent: "create", name: "Matrix group" });
    const message = new URLSearchParams({
      intent: "publish",
      headline: "Matrix takeover",
      color: "#123456",
      audience: "all",
    });
    for (const actor of ["visitor", "ownerA"] as const) {
      expectRefused(await post("/admin/kiosks/groups.data", group, who[actor]), actor);
      expectRefused(await post("/admin/kiosks/messages.data", message, who[actor]), actor);
      for (const path of ["/admin/kiosks/groups", "/admin/kiosks/messages"]) {
        const read = await fetch(`${server.url}${path}`, {
          headers: { Cookie: who[actor] },
          redirect: "manual",
        });
        expect(read.status, `${actor} ${path}`).toBe(302);
      }
    }
    expect(await html("/admin/kiosks/groups", who.admin)).not.toContain("Matrix group");
    expect(await html("/admin/kiosks/messages", who.admin)).not.toContain("Matrix takeover");
    expect((await post("/admin/kiosks/groups.data", group, who.admin)).status).toBe(201);
    expect((await post("/admin/kiosks/messages.data", message, who.admin)).status).toBe(201);
    expect(await html("/admin/kiosks/groups", who.admin)).toContain("Matrix group");
    expect(await html("/admin/kiosks/messages", who.admin)).toContain("Matrix takeover");
  });
});
