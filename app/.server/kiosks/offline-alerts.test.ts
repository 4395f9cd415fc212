import { asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyWeek, WEEK_DAYS } from "~/lib/opening-hours";
import { openDatabase, type Database, type DatabaseHandle } from "../infra/db/client";
import { businesses, jobs, kioskIncidents, kiosks, outbox, users } from "../infra/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertKiosk, insertListing } from "../../../tests/support/kiosk-fixtures";
import { checkScreenAlerts, type AlertSettings } from "./offline-alerts";

// Offline alerts (docs/product.md#offline-alerts, docs/decisions/087-screen-alert-incidents.md) on a real database:
// one email per incident and one when the screen is back, none for a screen dark by its host's hours, screens that
// fall together in one email, and once only with two instances checking at the same moment.

const SETTINGS: AlertSettings = {
  thresholdMinutes: 10,
  recipients: ["ops@example.com"],
  appUrl: "http://localhost:3999",
  timeZone: "America/Los_Angeles",
};
const MINUTE = 60_000;

/** Tuesday 3 March 2026 at `hhmm` in Los Angeles (UTC-8), or `days` later. */
const la = (hhmm: string, days = 0) =>
  new Date(Date.parse(`2026-03-03T${hhmm}:00-08:00`) + days * 24 * 60 * MINUTE);

describe("offline alerts", () => {
  let handle: TestDatabase;
  let db: Database;
  /** A listing open 09:00–18:00 every day, in Los Angeles. */
  let openNineToSix: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    openNineToSix = await insertListing(db, null, { name: "Sunrise Bakery" });
    const week = emptyWeek();
    for (const day of WEEK_DAYS) week[day.key] = [{ opens: "09:00", closes: "18:00" }];
    await db
      .update(businesses)
      .set({ hours: week, timeZone: "America/Los_Angeles" })
      .where(eq(businesses.id, openNineToSix));
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(kiosks);
    await db.delete(outbox);
    await db.delete(jobs);
  });

  /** A paired screen last heard from at `seen`, at the 9-to-6 listing unless `host` is null. */
  async function screen(label: string, seen: Date, { host = openNineToSix as string | null } = {}) {
    const { id } = await insertKiosk(db, { label, hostBusinessId: host });
    await db.update(kiosks).set({ lastSeenAt: seen, pairedAt: seen }).where(eq(kiosks.id, id));
    return id;
  }

  const heard = (id: string, at: Date) => db.update(kiosks).set({ lastSeenAt: at }).where(eq(kiosks.id, id));

  const emails = () =>
    db
      .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .orderBy(asc(outbox.createdAt), asc(outbox.subject));

  const check = (at: Date, settings: Partial<AlertSettings> = {}) =>
    checkScreenAlerts(db, { ...SETTINGS, ...settings }, at);

  it("sends one email per incident, however often it checks, and one when the screen is back", async () => {
    const counter = await screen("Counter", la("10:00"));
    for (const at of ["10:02", "10:09"]) await check(la(at));
    expect(await emails()).toEqual([]);

    expect(await check(la("10:10"))).toMatchObject({ opened: 1, emails: 1 });
    for (const at of ["10:11", "10:30", "12:00", "17:59"]) await check(la(at));
    const down = await emails();
    expect(down).toHaveLength(1);
    expect(down[0]).toMatchObject({ to: "ops@example.com", subject: "Screen offline: Counter" });
    expect(down[0]!.text).toContain(
      "Counter (Sunrise Bakery, Woodland Hills): last heard from Mar 3, 2026, 10:00 AM PST",
    );
    expect(down[0]!.text).toContain("http://localhost:3999/admin/kiosks");

    await heard(counter, la("18:20"));
    expect(await check(la("18:21"))).toMatchObject({ back: 1, emails: 1 });
    await check(la("18:22"));
    const all = await emails();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ subject: "Screen back online: Counter" });
    expect(all[1]!.text).toContain("quiet for 8 hours 20 min");
    expect(await db.select().from(kioskIncidents).where(isNull(kioskIncidents.closedAt))).toEqual([]);

    // Quiet again the next day: a new incident, a new email.
    await check(la("09:30", 1));
    expect((await emails()).map((email) => email.subject)).toEqual([
      "Screen offline: Counter",
      "Screen back online: Counter",
      "Screen offline: Counter",
    ]);
  });

  it("never alerts for a screen dark by its host's hours, and counts only opening hours", async () => {
    await screen("Window", la("17:55"));
    // Quiet from 17:55: five minutes before closing, the whole night, then five minutes after opening.
    for (const at of ["18:05", "18:30", "23:00"]) await check(la(at));
    for (const at of ["03:00", "08:59", "09:00", "09:05", "09:09"]) await check(la(at, 1));
    expect(await emails()).toEqual([]);
    // Ten minutes of opening hours: now it is offline.
    await check(la("09:10", 1));
    expect((await emails()).map((email) => email.subject)).toEqual(["Screen offline: Window"]);
  });

  it("alerts at any hour for a screen whose host has no hours, or that is always on", async () => {
    await screen("No host", la("02:00"), { host: null });
    const alwaysOn = await screen("Always on", la("02:00"));
    await db.update(kiosks).set({ alwaysOn: true }).where(eq(kiosks.id, alwaysOn));
    await screen("Asleep", la("02:00"));
    await check(la("02:15"));
    const [email] = await emails();
    expect(email!.subject).toBe("2 screens offline: Always on, No host");
    expect(email!.text).not.toContain("Asleep");
  });

  it("puts screens that fall together in one email, and those that come back together in one", async () => {
    const [a, b, c] = [
      await screen("Alpha", la("10:00")),
      await screen("Bravo", la("10:01")),
      await screen("Charlie", la("10:04")),
    ];
    const recent = await screen("Delta", la("10:09")); // two minutes quiet: not with them
    const echo = await screen("Echo", la("10:11")); // online, and heard from every minute
    await check(la("10:11"));
    const [down, ...rest] = await emails();
    expect(rest).toEqual([]);
    expect(down!.subject).toBe("3 screens offline: Alpha, Bravo, Charlie");
    for (const name of ["Alpha", "Bravo", "Charlie"])
      expect(down!.text).toContain(`- ${name} (Sunrise Bakery`);
    expect(down!.text).not.toContain("Delta");

    // Checked each minute, Charlie and Bravo are not alerted again; Delta gets its own, later.
    for (const at of ["10:12", "10:13", "10:14"]) await check(la(at));
    expect(await emails()).toHaveLength(1);
    await heard(echo, la("10:18"));
    await check(la("10:19"));
    expect((await emails()).map((email) => email.subject)).toEqual([
      "3 screens offline: Alpha, Bravo, Charlie",
      "Screen offline: Delta",
    ]);

    for (const id of [a, b, c, recent, echo]) await heard(id, la("10:30"));
    await check(la("10:31"));
    const back = (await emails()).slice(2);
    expect(back.map((email) => email.subject)).toEqual(["4 screens back online: Alpha, Bravo, Charlie…"]);
  });

  it("sends to every admin account when no recipients are set", async () => {
    await db.insert(users).values([
      { id: "alerts-admin-1", name: "Ana", email: "ana@example.com", role: "admin" },
      { id: "alerts-admin-2", name: "Ben", email: "ben@example.com", role: "admin", banned: true },
      { id: "alerts-owner", name: "Olu", email: "olu@example.com", role: "user" },
    ]);
    await screen("Counter", la("10:00"));
    await check(la("10:10"), { recipients: [] });
    expect((await emails()).map((email) => email.to)).toEqual(["ana@example.com"]);
    await db.delete(users).where(eq(users.role, "admin"));
  });

  it("closes the incident of a screen unpaired while quiet, without an email, and sends nothing when off", async () => {
    const id = await screen("Counter", la("10:00"));
    await check(la("10:10"));
    await db.update(kiosks).set({ deviceTokenHash: null }).where(eq(kiosks.id, id));
    expect(await check(la("10:11"))).toMatchObject({ dropped: 1, emails: 0 });
    expect(await emails()).toHaveLength(1);

    await screen("Other", la("10:00"));
    expect(await check(la("11:00"), { thresholdMinutes: 0 })).toMatchObject({ opened: 0, emails: 0 });
    expect(await emails()).toHaveLength(1);
  });

  describe("with two instances", () => {
    let second: DatabaseHandle;
    beforeAll(async () => {
      // On PostgreSQL a second connection pool, as a second server would have; PGlite has one owner.
      second = "databaseUrl" in handle.target ? await openDatabase(handle.target) : handle;
    });
    afterAll(async () => {
      if (second !== handle) await second?.close();
    });

    it("sends each alert once when both check at the same moment", async () => {
      await screen("Alpha", la("10:00"));
      await screen("Bravo", la("10:02"));
      const [one, two] = await Promise.all(
        [db, second.db].map((each) => checkScreenAlerts(each, SETTINGS, la("10:10"))),
      );
      expect(one!.opened + two!.opened).toBe(2);
      expect(one!.emails + two!.emails).toBe(1);
      const [email, ...rest] = await emails();
      expect(rest).toEqual([]);
      expect(email!.subject).toBe("2 screens offline: Alpha, Bravo");
      expect(await db.select().from(kioskIncidents)).toHaveLength(2);
    });
  });
});
