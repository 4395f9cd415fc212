import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adKioskGroups,
  kioskGroupMembers,
  kioskGroups,
  kiosks,
  kioskTakeovers,
} from "~/.server/infra/db/schema";
import * as groupsRoute from "~/routes/admin/kiosk-groups";
import * as messagesRoute from "~/routes/admin/kiosk-messages";
import { insertAd, insertAdvertiser, insertKiosk, insertListing, PLACES } from "../support/kiosk-fixtures";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUsers } from "../support/route-calls";
import { createTestServices } from "../support/test-services";

// docs/product.md#who-may-change-what: only admins manage screen groups and priority messages. Every request the
// two admin pages send is replayed with a visitor's and an owner's session: each is refused and the database is
// unchanged. The admin's own requests then work; the pages send visitors to /signin and owners to /dashboard.

type Services = Awaited<ReturnType<typeof createTestServices>>;
type Actor = "visitor" | "owner" | "admin";
type Route = typeof groupsRoute | typeof messagesRoute;

const PASSWORD = "lantern-orchard-9";
let services: Services;
const cookies: Record<Actor, string> = { visitor: "", owner: "", admin: "" };

async function call(run: () => Promise<unknown>) {
  try {
    const result = (await run()) as { data?: unknown; init?: ResponseInit | null } | null;
    if (result && typeof result === "object" && "init" in result)
      return {
        status: result.init?.status ?? 200,
        body: result.data as Record<string, unknown>,
        location: null,
      };
    return { status: 200, body: result as Record<string, unknown>, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
  }
}

const PAGES: { path: string; route: Route }[] = [
  { path: "/admin/kiosks/groups", route: groupsRoute },
  { path: "/admin/kiosks/messages", route: messagesRoute },
];

type Recorded = { name: string; path: string; route: Route; body: () => URLSearchParams };

function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  return body;
}

const send = (actor: Actor, recorded: Recorded) =>
  call(() =>
    recorded.route.action(
      routeArgs(
        services,
        new Request(`${ORIGIN}${recorded.path}`, {
          method: "POST",
          body: recorded.body(),
          headers: sessionHeaders(cookies[actor]),
        }),
        { clientIp: "10.6.0.1" },
      ),
    ),
  );

async function snapshot() {
  const { db } = services;
  return {
    groups: await db.select().from(kioskGroups).orderBy(asc(kioskGroups.id)),
    members: await db.select().from(kioskGroupMembers).orderBy(asc(kioskGroupMembers.kioskId)),
    ads: await db.select().from(adKioskGroups).orderBy(asc(adKioskGroups.adId)),
    takeovers: await db.select().from(kioskTakeovers).orderBy(asc(kioskTakeovers.id)),
    kiosks: await db.select().from(kiosks).orderBy(asc(kiosks.id)),
  };
}

describe("admin-only screen groups and messages", () => {
  let groupId = "";
  let spareGroupId = "";
  let kioskId = "";
  let adId = "";
  let takeoverId = "";

  beforeAll(async () => {
    services = await createTestServices({ ADMIN_EMAILS: "chief@example.com" });
    const users = await signInConfirmedUsers(
      services,
      { owner: "owner@example.com", admin: "chief@example.com" },
      { password: PASSWORD, ipPrefix: "10.6.0" },
    );
    cookies.owner = users.owner.cookie;
    cookies.admin = users.admin.cookie;
    const { db } = services;
    const advertiser = await insertAdvertiser(db);
    adId = await insertAd(db, advertiser, await insertListing(db, advertiser, { place: PLACES.canogaPark }));
    kioskId = (await insertKiosk(db, { label: "Counter" })).id;
    [{ id: groupId }, { id: spareGroupId }] = (await db
      .insert(kioskGroups)
      .values([{ name: "Valley" }, { name: "Spare" }])
      .returning({ id: kioskGroups.id })) as [{ id: string }, { id: string }];
    await db.insert(kioskGroupMembers).values({ groupId, kioskId });
    [{ id: takeoverId }] = (await db
      .insert(kioskTakeovers)
      .values({ headline: "Standing", color: "#112233", allScreens: true, startsAt: new Date() })
      .returning({ id: kioskTakeovers.id })) as [{ id: string }];
  });
  afterAll(async () => {
    await services?.close();
  });

  const requests = (): Recorded[] => {
    const groups = { path: "/admin/kiosks/groups", route: groupsRoute };
    const messages = { path: "/admin/kiosks/messages", route: messagesRoute };
    return [
      { name: "create", ...groups, body: () => form({ intent: "create", name: "Mallory's group" }) },
      { name: "rename", ...groups, body: () => form({ intent: "rename", id: groupId, name: "Hijacked" }) },
      {
        name: "members",
        ...groups,
        body: () => form({ intent: "members", id: spareGroupId, kioskIds: [kioskId] }),
      },
      { name: "ads", ...groups, body: () => form({ intent: "ads", id: spareGroupId, adIds: [adId] }) },
      { name: "delete", ...groups, body: () => form({ intent: "delete", id: spareGroupId }) },
      { name: "unpair", ...groups, body: () => form({ intent: "unpair", id: groupId }) },
      { name: "retire", ...groups, body: () => form({ intent: "retire", id: groupId }) },
      {
        name: "publish",
        ...messages,
        body: () =>
          form({
            intent: "publish",
            headline: "Free coffee",
            color: "#ffcc00",
            audience: "groups",
            groupIds: [groupId],
          }),
      },
      { name: "clear", ...messages, body: () => form({ intent: "clear", id: takeoverId }) },
    ];
  };

  it("the pages: visitors go to /signin, owners to /dashboard", async () => {
    for (const { path, route } of PAGES) {
      const get = (actor: Actor) =>
        call(() =>
          route.loader(
            routeArgs(services, new Request(`${ORIGIN}${path}`, { headers: sessionHeaders(cookies[actor]) })),
          ),
        );
      expect(await get("visitor")).toMatchObject({
        status: 302,
        location: `/signin?redirectTo=${encodeURIComponent(path)}`,
      });
      expect(await get("owner")).toMatchObject({ status: 302, location: "/dashboard" });
      expect((await get("admin")).status).toBe(200);
    }
  });

  it("every request replayed by a visitor or an owner is refused and changes nothing", async () => {
    const before = await snapshot();
    for (const actor of ["visitor", "owner"] as const) {
      for (const recorded of requests()) {
        const result = await send(actor, recorded);
        expect({ name: recorded.name, status: result.status }).toEqual({
          name: recorded.name,
          status: actor === "visitor" ? 401 : 403,
        });
        expect(result.body).toMatchObject({ ok: false });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the admin's own requests do what they say", async () => {
    const results: Record<string, number> = {};
    for (const recorded of requests()) results[recorded.name] = (await send("admin", recorded)).status;
    expect(results).toEqual({
      create: 201,
      rename: 200,
      members: 200,
      ads: 200,
      delete: 200,
      unpair: 200,
      retire: 200,
      publish: 201,
      clear: 200,
    });
    const after = await snapshot();
    expect(after.groups.map((group) => group.name).sort()).toEqual(["Hijacked", "Mallory's group"]);
    expect(after.kiosks[0]).toMatchObject({ deviceTokenHash: null, retiredAt: expect.any(Date) });
    expect(after.takeovers.find((row) => row.id === takeoverId)!.clearedAt).toBeInstanceOf(Date);
    expect(after.takeovers.find((row) => row.headline === "Free coffee")).toMatchObject({
      allScreens: false,
    });
  });
});
