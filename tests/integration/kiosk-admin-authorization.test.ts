import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adKiosks, kioskPairings, kiosks } from "~/.server/infra/db/schema";
import { findKioskByToken } from "~/.server/kiosks/device-token";
import { startPairing } from "~/.server/kiosks/pairing";
import * as kiosksRoute from "~/routes/admin/kiosks";
import { insertAd, insertAdvertiser, insertKiosk, insertListing, PLACES } from "../support/kiosk-fixtures";
import { ORIGIN, routeArgs, sessionHeaders, signInConfirmedUsers } from "../support/route-calls";
import { createTestServices } from "../support/test-services";

// docs/product.md#who-may-change-what: only admins manage kiosks. Every kiosk action the admin's page sends is
// recorded as a real request, then replayed with a visitor's and an owner's session: each is refused and the
// database is unchanged. The admin's own requests then work.

type Services = Awaited<ReturnType<typeof createTestServices>>;
type Actor = "visitor" | "owner" | "admin";

const PASSWORD = "lantern-orchard-9";
let services: Services;
const cookies: Record<Actor, string> = { visitor: "", owner: "", admin: "" };

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

/** One request as the page sends it: the dialog's save is multipart, the list's small forms are url-encoded. */
type Recorded = { name: string; body: () => FormData | URLSearchParams };

const send = (actor: Actor, recorded: Recorded) =>
  call(() =>
    kiosksRoute.action(
      routeArgs(
        services,
        new Request(`${ORIGIN}/admin/kiosks`, {
          method: "POST",
          body: recorded.body(),
          headers: sessionHeaders(cookies[actor]),
        }),
        { clientIp: "10.5.0.1" },
      ),
    ),
  );

const multipart = (fields: Record<string, string>) => () => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};
const encoded = (fields: Record<string, string>) => () => new URLSearchParams(fields);

async function snapshot() {
  const { db } = services;
  return {
    kiosks: await db.select().from(kiosks).orderBy(asc(kiosks.id)),
    pairings: await db.select().from(kioskPairings).orderBy(asc(kioskPairings.id)),
    picks: await db.select().from(adKiosks).orderBy(asc(adKiosks.adId)),
  };
}

describe("admin-only kiosks", () => {
  let paired: { id: string; token: string };
  let spare: { id: string; token: string };
  let hostId: string;
  let adId: string;
  let code: string;

  beforeAll(async () => {
    services = await createTestServices({ ADMIN_EMAILS: "chief@example.com" });
    const users = await signInConfirmedUsers(
      services,
      { owner: "owner@example.com", admin: "chief@example.com" },
      { password: PASSWORD, ipPrefix: "10.4.0" },
    );
    cookies.owner = users.owner.cookie;
    cookies.admin = users.admin.cookie;
    const { db } = services;
    const advertiser = await insertAdvertiser(db);
    hostId = await insertListing(db, advertiser, { name: "Host Cafe", place: PLACES.newYork });
    adId = await insertAd(db, advertiser, hostId);
    paired = await insertKiosk(db, { label: "Paired" });
    spare = await insertKiosk(db, { label: "Spare", paired: false });
    const started = await startPairing(db, { clientIp: "10.4.9.9" });
    if (!started.ok) throw new Error("refused");
    code = started.code;
  });
  afterAll(async () => {
    await services?.close();
  });

  const requests = (): Recorded[] => [
    {
      name: "add",
      body: multipart({ intent: "save", label: "Mallory's kiosk", orientation: "portrait", timeZone: "" }),
    },
    {
      name: "edit",
      body: multipart({
        intent: "save",
        id: paired.id,
        label: "Hijacked",
        hostBusinessId: hostId,
        orientation: "landscape",
        timeZone: "",
      }),
    },
    { name: "pair", body: encoded({ intent: "pair", code, kioskId: spare.id }) },
    { name: "unpair", body: encoded({ intent: "unpair", id: paired.id }) },
    { name: "retire", body: encoded({ intent: "retire", id: paired.id }) },
    { name: "pick", body: encoded({ intent: "pick", id: spare.id, adId, picked: "true" }) },
    { name: "always-on", body: encoded({ intent: "always-on", id: spare.id, alwaysOn: "true" }) },
  ];

  it("the page: visitors go to /signin, owners to /dashboard", async () => {
    const get = (actor: Actor) =>
      call(() =>
        kiosksRoute.loader(
          routeArgs(
            services,
            new Request(`${ORIGIN}/admin/kiosks`, { headers: sessionHeaders(cookies[actor]) }),
          ),
        ),
      );
    expect(await get("visitor")).toMatchObject({
      status: 302,
      location: "/signin?redirectTo=%2Fadmin%2Fkiosks",
    });
    expect(await get("owner")).toMatchObject({ status: 302, location: "/dashboard" });
    const page = await get("admin");
    expect((page.body!.kiosks as { label: string }[]).map((kiosk) => kiosk.label)).toEqual([
      "Paired",
      "Spare",
    ]);
  });

  it("every kiosk action replayed by a visitor or an owner is refused and changes nothing", async () => {
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
    expect(await findKioskByToken(services.db, paired.token)).not.toBeNull();
  });

  it("the admin's own requests do what they say", async () => {
    const results: Record<string, number> = {};
    for (const recorded of requests()) results[recorded.name] = (await send("admin", recorded)).status;
    expect(results).toEqual({
      add: 201,
      edit: 200,
      pair: 200,
      unpair: 200,
      retire: 200,
      pick: 200,
      "always-on": 200,
    });
    const [lit] = await services.db.select().from(kiosks).where(eq(kiosks.id, spare.id));
    expect(lit!.alwaysOn).toBe(true);
    const [edited] = await services.db.select().from(kiosks).where(eq(kiosks.id, paired.id));
    expect(edited).toMatchObject({
      label: "Hijacked",
      orientation: "landscape",
      hostBusinessId: hostId,
      timeZone: "America/New_York",
      latitude: PLACES.newYork.latitude,
      deviceTokenHash: null,
    });
    expect(edited!.retiredAt).toBeInstanceOf(Date);
    const [added] = await services.db.select().from(kiosks).where(eq(kiosks.label, "Mallory's kiosk"));
    expect(added).toMatchObject({ timeZone: "America/Los_Angeles", hostBusinessId: null });
    const [pairing] = await services.db.select().from(kioskPairings).where(eq(kioskPairings.code, code));
    expect(pairing!.kioskId).toBe(spare.id);
    expect(await services.db.select().from(adKiosks)).toMatchObject([{ adId, kioskId: spare.id }]);
  });
});
