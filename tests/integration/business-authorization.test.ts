import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { businesses, media } from "~/.server/infra/db/schema";
import { createTestServices } from "../support/test-services";
import { LOGIN_REQUIRED_MESSAGE } from "~/lib/business-schemas";
import { action, loader } from "~/routes/admin/businesses";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUsers, tinyPng } from "../support/route-calls";

// docs/product.md#who-may-change-what, checked the way an attacker would: crafted requests straight into the /admin
// route's loader and action (session cookies from real sign-ins), then the database itself is inspected.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;
type Actor = "visitor" | "ownerA" | "ownerB" | "admin";

const PASSWORD = "lantern-orchard-9";
const EMAILS = {
  ownerA: "owner-a@example.com",
  ownerB: "owner-b@example.com",
  admin: "boss@example.com",
} as const;

let services: TestServices;
const cookies: Record<Actor, string> = { visitor: "", ownerA: "", ownerB: "", admin: "" };
const ids: Record<Exclude<Actor, "visitor">, string> = { ownerA: "", ownerB: "", admin: "" };
let png: Uint8Array<ArrayBuffer>;

const args = (request: Request) => routeArgs(services, request);
const headers = (actor: Actor) => sessionHeaders(cookies[actor]);

/** The dialog's multipart save, as a browser would send it (text first, then files), plus anything crafted. */
async function save(actor: Actor, fields: Record<string, string>, withImage = false) {
  const form = new FormData();
  const base = {
    industry: "food-industry",
    address: "1 Main St",
    city: "Encino",
    state: "CA",
    zip_code: "91316",
  };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value);
  if (withImage) form.append("image", new File([png], "front.png", { type: "image/png" }));
  const request = new Request(`${ORIGIN}/admin`, { method: "POST", body: form, headers: headers(actor) });
  return unwrap(await action(args(request)));
}

async function remove(actor: Actor, id: string) {
  const body = new URLSearchParams({ intent: "delete", id });
  const request = new Request(`${ORIGIN}/admin`, { method: "POST", body, headers: headers(actor) });
  return unwrap(await action(args(request)));
}

async function list(actor: Actor, query = "") {
  const request = new Request(`${ORIGIN}/admin${query}`, { headers: headers(actor) });
  try {
    const result = await loader(args(request));
    return { status: 200, names: result.businesses.map((row) => row.name).sort(), location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, names: [], location: thrown.headers.get("Location") };
  }
}

function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const reply = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: reply.init?.status ?? 200, body: reply.data };
}

/** Everything an attack could have changed. */
async function snapshot() {
  return {
    businesses: await services.db.select().from(businesses).orderBy(asc(businesses.id)),
    media: await services.db.select().from(media).orderBy(asc(media.id)),
  };
}

async function ownerOf(id: string) {
  const [row] = await services.db
    .select({ userId: businesses.userId })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row?.userId;
}

describe("business listing authorization matrix", () => {
  let listingA: string;
  let listingB: string;

  beforeAll(async () => {
    services = await createTestServices({ ADMIN_EMAILS: EMAILS.admin });
    png = await tinyPng();
    const users = await signInConfirmedUsers(services, EMAILS, { password: PASSWORD, ipPrefix: "10.1.0" });
    for (const actor of ["ownerA", "ownerB", "admin"] as const) {
      cookies[actor] = users[actor].cookie;
      ids[actor] = users[actor].id;
    }
  });
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.delete(businesses);
    const a = await save("ownerA", { name: "Alpha Bakery" });
    const b = await save("ownerB", { name: "Bravo Garage", industry: "automobile-services" });
    listingA = String(a.body.id);
    listingB = String(b.body.id);
  });

  it("list: a visitor is sent to sign in; owners see only their own; the admin sees all", async () => {
    expect(await list("visitor")).toMatchObject({ status: 302, location: "/signin?redirectTo=%2Fadmin" });
    expect((await list("ownerA")).names).toEqual(["Alpha Bakery"]);
    expect((await list("ownerB")).names).toEqual(["Bravo Garage"]);
    expect((await list("admin")).names).toEqual(["Alpha Bakery", "Bravo Garage"]);
    // Searching for someone else's listing finds nothing.
    expect((await list("ownerB", "?q=alpha")).names).toEqual([]);
  });

  it("create: a visitor gets 401 with the spec's message and nothing is written", async () => {
    const before = await snapshot();
    const reply = await save("visitor", { name: "Sneaky Shop", user_id: ids.ownerA }, true);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ ok: false, toast: { title: LOGIN_REQUIRED_MESSAGE } });
    expect(await snapshot()).toEqual(before);
  });

  it("create: the owner is always the signed-in viewer, whatever user_id the request names", async () => {
    for (const [actor, victim] of [
      ["ownerA", "ownerB"],
      ["ownerB", "admin"],
      ["admin", "ownerA"],
    ] as const) {
      const reply = await save(actor, {
        name: `${actor} listing`,
        user_id: ids[victim],
        userId: ids[victim],
      });
      expect(reply.status).toBe(201);
      expect(await ownerOf(String(reply.body.id))).toBe(ids[actor]);
    }
  });

  it("update: a visitor (401) and another owner (404, like an unknown id) change nothing", async () => {
    const before = await snapshot();
    expect((await save("visitor", { id: listingA, name: "Defaced" })).status).toBe(401);
    const crafted = await save("ownerB", { id: listingA, name: "Defaced", user_id: ids.ownerB }, true);
    expect(crafted).toMatchObject({
      status: 404,
      body: { ok: false, toast: { title: "Failed to save business" } },
    });
    expect((await save("ownerB", { id: "00000000-0000-4000-8000-000000000000", name: "Ghost" })).status).toBe(
      404,
    );
    expect((await save("ownerB", { id: "' or 1=1 --", name: "Injected" })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("update: the owner edits their own listing but cannot give it away; the admin edits any and keeps the owner", async () => {
    const own = await save("ownerA", { id: listingA, name: "Alpha Bakery & Café", user_id: ids.ownerB });
    expect(own).toMatchObject({ status: 200, body: { ok: true, intent: "update" } });
    expect(await ownerOf(listingA)).toBe(ids.ownerA);

    const byAdmin = await save("admin", { id: listingB, name: "Bravo Garage (verified)" });
    expect(byAdmin).toMatchObject({ status: 200, body: { ok: true, intent: "update" } });
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listingB));
    expect(row).toMatchObject({ name: "Bravo Garage (verified)", userId: ids.ownerB });
  });

  it("delete: a visitor (401) and another owner (404) delete nothing", async () => {
    const before = await snapshot();
    expect((await remove("visitor", listingA)).status).toBe(401);
    expect(await remove("ownerB", listingA)).toMatchObject({
      status: 404,
      body: { ok: false, toast: { title: "Failed to delete business" } },
    });
    expect((await remove("ownerB", "not-a-uuid")).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("delete: the owner deletes their own listing; the admin deletes anyone's", async () => {
    expect(await remove("ownerA", listingA)).toMatchObject({
      status: 200,
      body: { ok: true, intent: "delete" },
    });
    expect(await remove("admin", listingB)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await services.db.select().from(businesses)).toEqual([]);
  });

  it("malformed requests get 4xx, never 500, and change nothing", async () => {
    const before = await snapshot();
    const noBody = new Request(`${ORIGIN}/admin`, { method: "POST", headers: headers("ownerA") });
    expect(unwrap(await action(args(noBody))).status).toBe(400);
    const broken = new Request(`${ORIGIN}/admin`, {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf',
      headers: {
        ...Object.fromEntries(headers("ownerA")),
        "Content-Type": "multipart/form-data; boundary=x",
      },
    });
    expect(unwrap(await action(args(broken))).status).toBe(400);
    const invalid = await save("ownerA", { name: "", industry: "casino", rating: "9", review_count: "-1" });
    expect(invalid.status).toBe(400);
    expect((invalid.body.result as { error: unknown }).error).toMatchObject({
      name: ["Name is required"],
      industry: ["Please choose one of the listed industries"],
      rating: ["Rating must be between 0 and 5"],
      review_count: ["Review count must be 0 or more"],
    });
    expect(await snapshot()).toEqual(before);
  });
});
