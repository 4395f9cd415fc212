import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessStories, contactMessages, media, storySubmissions } from "~/.server/infra/db/schema";
import type { Storage } from "~/.server/infra/storage";
import { createTestServices } from "../support/test-services";
import * as inboxRoute from "~/routes/admin/inbox";
import * as storiesRoute from "~/routes/admin/stories";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUsers, tinyPng } from "../support/route-calls";

// docs/product.md#who-may-change-what: only admins manage stories and read the inbox. Checked the way an attacker
// would: crafted requests straight into the route modules (session cookies from real sign-ins), then the database
// itself is inspected.

type Services = Awaited<ReturnType<typeof createTestServices>>;
type Actor = "visitor" | "owner" | "admin";

const PASSWORD = "lantern-orchard-9";
const EMAILS = { owner: "owner@example.com", admin: "chief@example.com" } as const;

let services: Services;
let png: Uint8Array<ArrayBuffer>;
const cookies: Record<Actor, string> = { visitor: "", owner: "", admin: "" };

const headers = (actor: Actor) => sessionHeaders(cookies[actor]);
const args = (request: Request, withServices: Services = services) =>
  routeArgs(withServices, request, { clientIp: "10.2.0.1" });

/** Calls a loader or action; a thrown redirect comes back as its status and Location. */
async function call(run: () => Promise<unknown>) {
  try {
    const result = (await run()) as { data?: unknown; init?: ResponseInit | null } | null;
    if (result && typeof result === "object" && "init" in result) {
      return {
        status: result.init?.status ?? 200,
        body: result.data as Record<string, unknown>,
        location: null,
      };
    }
    return { status: 200, body: result as Record<string, unknown>, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
  }
}

function storyForm(fields: Record<string, string> = {}, image?: File) {
  const form = new FormData();
  const base = {
    title: "Crafted Story",
    short_description: "Short.",
    description: "Long.",
    industry: "food-industry",
    author: "Mallory",
    publish_date: "2026-01-15",
    is_featured: "on",
  };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value);
  if (image) form.append("background_image", image);
  return form;
}

const post = (actor: Actor, path: string, body: FormData | URLSearchParams) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: headers(actor) });
const get = (actor: Actor, path: string) => new Request(`${ORIGIN}${path}`, { headers: headers(actor) });

async function snapshot() {
  const { db } = services;
  return {
    stories: await db.select().from(businessStories).orderBy(asc(businessStories.id)),
    media: await db.select().from(media).orderBy(asc(media.id)),
    submissions: await db.select().from(storySubmissions).orderBy(asc(storySubmissions.id)),
    messages: await db.select().from(contactMessages).orderBy(asc(contactMessages.id)),
  };
}

describe("admin-only stories and inbox", () => {
  let storyId: string;
  let submissionId: string;

  beforeAll(async () => {
    services = await createTestServices({ ADMIN_EMAILS: EMAILS.admin });
    png = await tinyPng();
    const users = await signInConfirmedUsers(services, EMAILS, { password: PASSWORD, ipPrefix: "10.3.0" });
    cookies.owner = users.owner.cookie;
    cookies.admin = users.admin.cookie;
    const created = await call(() =>
      storiesRoute.action(args(post("admin", "/admin/stories", storyForm({ title: "Real" })))),
    );
    expect(created.status).toBe(201);
    storyId = String(created.body!.id);
    const [submission] = await services.db
      .insert(storySubmissions)
      .values({
        firstName: "Ana",
        lastName: "Reyes",
        email: "ana@example.com",
        story: "A story worth telling.",
      })
      .returning();
    submissionId = submission!.id;
    await services.db
      .insert(contactMessages)
      .values({ name: "Bo", email: "bo@example.com", message: "Hi there" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("the pages: visitors go to /signin, owners to /dashboard, the admin gets the data", async () => {
    for (const path of ["/admin/stories", "/admin/inbox"]) {
      const route = path === "/admin/stories" ? storiesRoute : inboxRoute;
      expect(await call(() => route.loader(args(get("visitor", path))))).toMatchObject({
        status: 302,
        location: `/signin?redirectTo=${encodeURIComponent(path)}`,
      });
      expect(await call(() => route.loader(args(get("owner", path))))).toMatchObject({
        status: 302,
        location: "/dashboard",
      });
    }
    const stories = await call(() => storiesRoute.loader(args(get("admin", "/admin/stories"))));
    expect(stories.body).toMatchObject({ counts: { total: 1, featured: 1, published: 1 } });
    const inbox = await call(() => inboxRoute.loader(args(get("admin", "/admin/inbox"))));
    expect((inbox.body!.items as unknown[]).length).toBe(2);
  });

  it("a non-admin's crafted create, update and delete are refused and change nothing", async () => {
    const before = await snapshot();
    const image = new File([png], "bg.png", { type: "image/png" });
    for (const actor of ["visitor", "owner"] as const) {
      const create = await call(() =>
        storiesRoute.action(args(post(actor, "/admin/stories", storyForm({}, image)))),
      );
      const update = await call(() =>
        storiesRoute.action(
          args(post(actor, "/admin/stories", storyForm({ id: storyId, title: "Hijacked" }, image))),
        ),
      );
      const remove = await call(() =>
        storiesRoute.action(
          args(post(actor, "/admin/stories", new URLSearchParams({ intent: "delete", id: storyId }))),
        ),
      );
      const expected = actor === "visitor" ? 401 : 403;
      expect([create.status, update.status, remove.status]).toEqual([expected, expected, expected]);
      expect(create.body).toMatchObject({ ok: false, toast: { title: "Error saving story" } });
      expect(remove.body).toMatchObject({ ok: false, toast: { title: "Error deleting story" } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a non-admin cannot mark inbox items handled", async () => {
    const before = await snapshot();
    for (const actor of ["visitor", "owner"] as const) {
      const body = new URLSearchParams({ intent: "handle", kind: "story_submission", id: submissionId });
      const result = await call(() => inboxRoute.action(args(post(actor, "/admin/inbox", body))));
      expect(result.status).toBe(actor === "visitor" ? 401 : 403);
    }
    expect(await snapshot()).toEqual(before);
    const body = new URLSearchParams({ intent: "handle", kind: "story_submission", id: submissionId });
    expect(await call(() => inboxRoute.action(args(post("admin", "/admin/inbox", body))))).toMatchObject({
      status: 200,
    });
    const [row] = await services.db
      .select()
      .from(storySubmissions)
      .where(eq(storySubmissions.id, submissionId));
    expect(row!.handledAt).toBeInstanceOf(Date);
  });

  it("the admin's save survives a failing background upload: logged, saved without a new image", async () => {
    const broken: Services = {
      ...services,
      storage: {
        ...services.storage,
        put: async () => {
          throw new Error("storage offline");
        },
      } satisfies Storage,
    };
    const image = new File([png], "patio.png", { type: "image/png" });
    const result = await call(() =>
      storiesRoute.action(
        args(post("admin", "/admin/stories", storyForm({ title: "Saved anyway" }, image)), broken),
      ),
    );
    expect(result).toMatchObject({
      status: 201,
      body: { ok: true, toast: { title: "Story created successfully!" } },
    });
    const [row] = await services.db
      .select()
      .from(businessStories)
      .where(eq(businessStories.title, "Saved anyway"));
    expect(row).toMatchObject({ backgroundImageUrl: null, isFeatured: true });
    expect(
      await services.db.select().from(media).where(eq(media.title, "Story Background - patio.png")),
    ).toEqual([]);
  });

  it("malformed requests get 4xx, not 500", async () => {
    const bad = await call(() =>
      storiesRoute.action(
        args(post("admin", "/admin/stories", new URLSearchParams({ intent: "delete", id: "nope" }))),
      ),
    );
    expect(bad.status).toBe(404);
    const junk = await call(() =>
      storiesRoute.action(args(post("admin", "/admin/stories", new URLSearchParams({ x: "1" })))),
    );
    expect(junk.status).toBe(400);
    const inboxJunk = await call(() =>
      inboxRoute.action(
        args(
          post("admin", "/admin/inbox", new URLSearchParams({ intent: "handle", kind: "users", id: "1" })),
        ),
      ),
    );
    expect(inboxJunk.status).toBe(400);
  });
});
