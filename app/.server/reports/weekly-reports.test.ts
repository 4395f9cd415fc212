import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "../infra/db/client";
import { jobs, outbox, reportDeliveries, reportOptOuts, users } from "../infra/db/schema";
import { resolveAuthSecret } from "../infra/config/secret";
import { createTestServices } from "../../../tests/support/test-services";
import { createRouteContext } from "../../../tests/support/test-route-context";
import {
  insertAd,
  insertAdvertiser,
  insertKiosk,
  insertListing,
} from "../../../tests/support/kiosk-fixtures";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../routes/reports/unsubscribe";
import { rollUpResults } from "../results/rollup";
import { readUnsubscribeToken, reportSubscriptions, unsubscribeToken } from "./subscriptions";
import {
  WEEKLY_REPORTS_JOB,
  composeOwnerReport,
  nextWeeklySend,
  scheduleWeeklyReports,
  sendWeeklyReports,
  zonedInstant,
} from "./weekly-reports";

// docs/product.md#weekly-reports on a real database: when the send is due, who gets what, once per person and week
// however many instances send, and the unsubscribe link: it works signed out and stops only its own person's email.

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const TZ = "America/Los_Angeles";

describe("when the weekly send is due", () => {
  it("Monday 08:00 in the site's zone, reporting the Monday-to-Sunday week before", () => {
    // Sunday 2026-11-22 20:00 in Los Angeles (UTC-8): tomorrow at 08:00.
    expect(nextWeeklySend(new Date("2026-11-23T04:00:00Z"), TZ)).toEqual({
      sendAt: new Date("2026-11-23T16:00:00Z"),
      period: "2026-11-16",
    });
    // Monday at 07:59: today; at 08:00 exactly: the Monday after.
    expect(nextWeeklySend(new Date("2026-11-23T15:59:00Z"), TZ).sendAt).toEqual(
      new Date("2026-11-23T16:00:00Z"),
    );
    expect(nextWeeklySend(new Date("2026-11-23T16:00:00Z"), TZ)).toEqual({
      sendAt: new Date("2026-11-30T16:00:00Z"),
      period: "2026-11-23",
    });
    // Across the change to summer time (March 8, 2026): still 08:00 on the clock, now UTC-7.
    expect(nextWeeklySend(new Date("2026-03-08T12:00:00Z"), TZ).sendAt).toEqual(
      new Date("2026-03-09T15:00:00Z"),
    );
    // A half-hour zone.
    expect(zonedInstant("2026-11-23", 8 * 60, "Asia/Kolkata")).toEqual(new Date("2026-11-23T02:30:00Z"));
  });
});

describe("weekly reports", () => {
  let services: TestServices;
  let db: Database;
  let secret: string;
  const settings = () => ({ timeZone: TZ, appUrl: "http://localhost:3999", secret });
  let ownerA: string;
  let ownerB: string;
  let admin: string;
  let unconfirmed: string;
  let adA: string;
  const period = "2026-11-16";

  beforeAll(async () => {
    services = await createTestServices({ SITE_TIMEZONE: TZ });
    db = services.db;
    secret = resolveAuthSecret(services.env);
    ownerA = await insertAdvertiser(db);
    ownerB = await insertAdvertiser(db);
    unconfirmed = await insertAdvertiser(db);
    admin = await insertAdvertiser(db, `admin-${randomUUID()}`);
    await db
      .update(users)
      .set({ emailVerified: true })
      .where(sql`id in (${ownerA}, ${ownerB}, ${admin})`);
    await db.update(users).set({ name: "Ana Reyes" }).where(eq(users.id, ownerA));
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin));
    const listingA = await insertListing(db, ownerA, { name: "Sunrise <Bakery>" });
    await insertListing(db, ownerB, { name: "Corner Books" });
    await insertListing(db, unconfirmed, { name: "Nobody's shop" });
    adA = await insertAd(db, ownerA, listingA, { title: "Fresh bread daily" });
    const quiet = await insertAd(db, ownerA, listingA, { title: "Quiet ad" });
    const kiosk = await insertKiosk(db, { label: "Library lobby" });
    // The reported week: 5 plays and 2 scans of one ad, 1 play of the other, on Wednesday 2026-11-18 at noon;
    // one play the Monday after (not in the week).
    const noon = Date.parse("2026-11-18T20:00:00Z");
    const plays = [
      ...Array.from({ length: 5 }, (_, i) => ({ ad: adA, at: noon + i * 60_000 })),
      { ad: quiet, at: noon + 10 * 60_000 },
      { ad: adA, at: Date.parse("2026-11-23T18:00:00Z") },
    ];
    await db.execute(sql`insert into kiosk_plays (id, kiosk_id, ad_id, started_at, ended_at, completed, received_at)
      select gen_random_uuid(), ${kiosk.id}::uuid, p.ad, p.at, p.at + interval '10 seconds', true, p.at + interval '1 minute'
      from json_to_recordset(${JSON.stringify(plays.map((p) => ({ ad: p.ad, at: new Date(p.at).toISOString() })))}::json)
        as p(ad uuid, at timestamptz)`);
    await db.execute(sql`insert into ad_scans (ad_id, kiosk_id, scanned_at)
      values (${adA}::uuid, ${kiosk.id}::uuid, '2026-11-18T21:00:00Z'), (${adA}::uuid, null, '2026-11-19T21:00:00Z')`);
    await rollUpResults(db, { timeZone: TZ, rawDays: 3650, now: new Date() });
    // Offline incidents: one in the week on each of two screens (the second still open), one the week before.
    const other = await insertKiosk(db, { label: "Cafe window" });
    await db.execute(sql`insert into kiosk_incidents (kiosk_id, down_since, opened_at, closed_at, back) values
      (${kiosk.id}::uuid, '2026-11-18T17:00:00Z', '2026-11-18T17:20:00Z', '2026-11-18T19:00:00Z', true),
      (${other.id}::uuid, '2026-11-21T17:00:00Z', '2026-11-21T17:20:00Z', null, false),
      (${kiosk.id}::uuid, '2026-11-12T17:00:00Z', '2026-11-12T17:20:00Z', '2026-11-12T18:00:00Z', true)`);
  }, 120_000);

  afterAll(async () => {
    await services?.close();
  });

  beforeEach(async () => {
    await db.delete(reportDeliveries);
    await db.delete(reportOptOuts);
    await db.delete(outbox).where(like(outbox.reference, "report:%"));
  });

  it("an owner's report holds the week's Results figures and the best ad, and links to the page", async () => {
    const report = await composeOwnerReport(db, ownerA, period, settings());
    expect(report).toMatchObject({
      from: "2026-11-16",
      to: "2026-11-22",
      figures: { plays: 6, scans: 2, screenSeconds: 60 },
      bestAd: { title: "Fresh bread daily", plays: 5, scans: 2 },
      resultsUrl: "http://localhost:3999/dashboard/results?days=7",
    });
    expect(readUnsubscribeToken(secret, new URL(report.unsubscribeUrl).searchParams.get("token")!)).toEqual({
      userId: ownerA,
      kind: "owner_weekly",
    });
  });

  it("goes out once per person and week, however many instances send at once", async () => {
    // A second handle on the same database: another instance (PostgreSQL); in memory, the same handle twice.
    const target = (services.database as { target?: Parameters<typeof openDatabase>[0] }).target;
    const second = target && "databaseUrl" in target ? await openDatabase(target) : null;
    try {
      const [one, two] = await Promise.all([
        sendWeeklyReports(db, period, settings()),
        sendWeeklyReports(second?.db ?? db, period, settings()),
      ]);
      // Owners A and B (confirmed, with a listing) and the admin's summary; the unconfirmed owner gets nothing.
      expect(one.owners + two.owners).toBe(2);
      expect(one.admins + two.admins).toBe(1);
    } finally {
      await second?.close();
    }
    const queued = await db
      .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody, html: outbox.htmlBody })
      .from(outbox)
      .where(like(outbox.reference, "report:%"));
    expect(queued).toHaveLength(3);
    const toA = queued.find((email) => email.to === `${ownerA}@example.com`)!;
    expect(toA.subject).toBe("Your Local Shine week: 6 plays, 2 scans");
    expect(toA.text).toContain("Hi Ana,");
    expect(toA.text).toContain('Your best ad: "Fresh bread daily", 5 plays and 2 QR scans.');
    expect(toA.html).toContain("Fresh bread daily");
    const toAdmin = queued.find((email) => email.to === `${admin}@example.com`)!;
    expect(toAdmin.text).toContain(
      "Offline incidents: 2 (Times a screen was offline during its host's opening hours past the alert threshold this week (2 screens); 1 still open.)",
    );
    expect(toAdmin.text).toContain(
      "Top businesses by plays of their ads:\n1. Sunrise <Bakery>: 6 plays, 2 QR scans",
    );
    expect(toAdmin.html).toContain("Sunrise &lt;Bakery&gt;");
    expect(toAdmin.html).not.toContain("Sunrise <Bakery>");
    // Each email has its mail job.
    const mailJobs = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from jobs where kind = 'mail'
          and payload->>'outboxId' in (select id::text from outbox where reference like 'report:%')`,
    );
    expect(mailJobs[0]!.n).toBe(3);
    // Sending the same week again (a retried job, a job queued twice) sends nothing; the next week goes out.
    expect(await sendWeeklyReports(db, period, settings())).toEqual({ period, owners: 0, admins: 0 });
    expect(await sendWeeklyReports(db, "2026-11-23", settings())).toEqual({
      period: "2026-11-23",
      owners: 2,
      admins: 1,
    });
  }, 120_000);

  it("is queued once per week across instances, at the next Monday 08:00", async () => {
    await db.delete(jobs).where(eq(jobs.kind, WEEKLY_REPORTS_JOB));
    const now = new Date("2026-11-24T10:00:00Z");
    const [a, b] = await Promise.all([
      scheduleWeeklyReports(db, TZ, now),
      scheduleWeeklyReports(db, TZ, now),
    ]);
    expect(a).toBe(b);
    const queued = await db.select().from(jobs).where(eq(jobs.kind, WEEKLY_REPORTS_JOB));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ payload: { period: "2026-11-23" }, dedupeKey: "week:2026-11-23" });
    expect(queued[0]!.runAt).toEqual(new Date("2026-11-30T16:00:00Z"));
    await db.delete(jobs).where(eq(jobs.kind, WEEKLY_REPORTS_JOB));
  });

  /** The unsubscribe page as a signed-out visitor opens it and presses its button: no cookie, no session. */
  async function visit(token: string) {
    const context = createRouteContext(services);
    const url = `http://localhost/reports/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = (await unsubscribeLoader({
      request: new Request(url),
      context,
      params: {},
    } as unknown as Parameters<typeof unsubscribeLoader>[0])) as unknown;
    const pressed = (await unsubscribeAction({
      request: new Request(url, { method: "POST", body: new URLSearchParams({ token }) }),
      context,
      params: {},
    } as unknown as Parameters<typeof unsubscribeAction>[0])) as unknown;
    const unwrap = (answer: unknown) =>
      answer && typeof answer === "object" && "data" in answer && "init" in answer
        ? (answer as { data: Record<string, unknown>; init: ResponseInit | null })
        : { data: answer as Record<string, unknown>, init: null };
    return { page: unwrap(page), pressed: unwrap(pressed) };
  }

  it("the email's link stops that person's report without signing in, and nobody else's", async () => {
    const token = unsubscribeToken(secret, ownerA, "owner_weekly");
    const { page, pressed } = await visit(token);
    // Opening the link shows what it stops and changes nothing; the button stops it.
    expect(page.data).toMatchObject({ ok: true, kind: "owner_weekly", email: `${ownerA}@example.com` });
    expect(pressed.data).toMatchObject({ done: true, kind: "owner_weekly" });
    expect(await reportSubscriptions(db, ownerA)).toEqual({ owner_weekly: false, admin_weekly: true });
    expect(await reportSubscriptions(db, ownerB)).toEqual({ owner_weekly: true, admin_weekly: true });
    const sent = await sendWeeklyReports(db, period, settings());
    expect(sent).toEqual({ period, owners: 1, admins: 1 });
    const recipients = await db
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(like(outbox.reference, "report:owner_weekly:%"));
    expect(recipients.map((row) => row.to)).toEqual([`${ownerB}@example.com`]);
  });

  it("a link cannot be made for someone else: another person's id, another kind or a changed signature is refused", async () => {
    const mine = unsubscribeToken(secret, ownerA, "owner_weekly");
    const [kind, , signature] = mine.split(".");
    const forged = [
      // B's id under A's signature.
      `${kind}.${Buffer.from(ownerB).toString("base64url")}.${signature}`,
      // A's signature for the other kind.
      `admin_weekly.${mine.split(".")[1]}.${signature}`,
      // A signature made with another key.
      unsubscribeToken("another-secret-of-at-least-32-characters", ownerB, "owner_weekly"),
      // Garbage.
      "",
      "owner_weekly..",
      `${mine}x`,
    ];
    for (const token of forged) {
      const { page, pressed } = await visit(token);
      expect(page.init?.status, token).toBe(400);
      expect(pressed.init?.status, token).toBe(400);
      expect(pressed.data).toMatchObject({ done: false });
    }
    const stopped = await db.select().from(reportOptOuts);
    expect(stopped).toEqual([]);
  });
});
