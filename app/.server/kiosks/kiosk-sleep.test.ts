import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyWeek, WEEK_DAYS } from "~/lib/opening-hours";
import { businesses } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { insertKiosk, insertListing } from "../../../tests/support/kiosk-fixtures";
import { listKiosks } from "./admin-kiosks";
import { setKioskAlwaysOn } from "./always-on";
import { findKioskByToken } from "./device-token";
import { kioskRuntime } from "./runtime";

// Sleep outside opening hours on the server (docs/product.md#sleep-outside-opening-hours): the manifest carries the
// host's hours unless the kiosk is always on, the fleet page says "Asleep until", and only admins flip the switch.

const admin = { id: "admin-1", isAdmin: true };
const owner = { id: "owner-1", isAdmin: false };
/** Tuesday 3 March 2026, 07:00 in Los Angeles. */
const EARLY = new Date("2026-03-03T07:00:00-08:00");

describe("screens that sleep", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let host: string;
  let bare: string;

  beforeAll(async () => {
    services = await createTestServices();
    host = await insertListing(services.db, null, { name: "Sunrise Bakery" });
    bare = await insertListing(services.db, null, { name: "No Hours Shop" });
    const week = emptyWeek();
    for (const day of WEEK_DAYS) week[day.key] = [{ opens: "09:00", closes: "18:00" }];
    await services.db.update(businesses).set({ hours: week }).where(eq(businesses.id, host));
  });
  afterAll(async () => {
    await services?.close();
  });

  it("hands the screen its host's hours, in the kiosk's zone when the listing has none, until it is always on", async () => {
    const { db } = services;
    const kiosk = await insertKiosk(db, { label: "Counter", hostBusinessId: host });
    const device = (await findKioskByToken(db, kiosk.token))!;
    expect(device.hours).toMatchObject({ timeZone: "America/Los_Angeles" });
    expect(device.hours!.weekly.tue).toEqual([{ opens: "09:00", closes: "18:00" }]);
    const runtime = kioskRuntime(services);
    const before = await runtime.manifests.current(device, { now: EARLY, build: true });
    expect(before.manifest!.openingHours).toEqual(device.hours);

    expect(await setKioskAlwaysOn(db, owner, kiosk.id, true)).toMatchObject({ ok: false, status: 403 });
    expect(await setKioskAlwaysOn(db, admin, kiosk.id, true)).toEqual({ ok: true });
    const always = (await findKioskByToken(db, kiosk.token))!;
    expect(always.hours).toBeNull();
    const after = await runtime.manifests.current(always, { now: EARLY });
    // A new version: the screen's next heartbeat says so, and it wakes.
    expect(after.version).not.toBe(before.version);
    expect(after.manifest!.openingHours).toBeNull();
    expect(await setKioskAlwaysOn(db, admin, "not-a-uuid", true)).toEqual({ ok: false, status: 404 });
  });

  it("shows a dark screen as asleep until its host opens, not offline; one without hours never sleeps", async () => {
    const { db } = services;
    const dark = await insertKiosk(db, { label: "Dark window", hostBusinessId: host });
    const lit = await insertKiosk(db, { label: "Lit window", hostBusinessId: bare });
    const list = await listKiosks(db, admin, EARLY);
    if (!list.ok) throw new Error("refused");
    const of = (id: string) => list.kiosks.find((kiosk) => kiosk.id === id)!;
    expect(of(dark.id)).toMatchObject({ asleepUntil: "9 AM", hostHasHours: true, alwaysOn: false });
    expect(of(lit.id)).toMatchObject({ asleepUntil: null, hostHasHours: false });

    const open = await listKiosks(db, admin, new Date("2026-03-03T10:00:00-08:00"));
    expect(open.ok && open.kiosks.find((kiosk) => kiosk.id === dark.id)!.asleepUntil).toBeNull();
    const night = await listKiosks(db, admin, new Date("2026-03-03T19:00:00-08:00"));
    expect(night.ok && night.kiosks.find((kiosk) => kiosk.id === dark.id)!.asleepUntil).toBe("tomorrow 9 AM");
  });
});
