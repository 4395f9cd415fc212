import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { localTime } from "~/lib/ad-schedule";
import { z } from "~/lib/zod";
import { queryRows, type Database } from "../infra/db/client";
import { reportDeliveries, type ReportKind } from "../infra/db/schema";
import { defineJob, enqueue, runnableJob, type RunnableJob } from "../infra/jobs";
import { enqueueEmail } from "../infra/mail/outbox";
import type { OutgoingEmail } from "../infra/mail/types";
import { ONLINE_WINDOW_MS } from "../kiosks/admin-kiosks";
import { addDays, getOwnerResults } from "../results/owner-results";
import { NIL_UUID } from "../results/rollup";
import { adminSummaryEmail, ownerReportEmail, type AdminSummary, type OwnerReport } from "./report-email";
import { unsubscribeToken } from "./subscriptions";

// Weekly reports (docs/product.md#weekly-reports; docs/decisions/091-weekly-reports.md): every Monday at 08:00 in
// SITE_TIMEZONE, each owner who has a listing or an ad gets their Results of the week before (Monday to Sunday), and
// each admin a summary of the network. Each goes through the outbox once per person and week: the email is queued in
// the transaction that writes its row in `report_deliveries`, whose key is (kind, person, week), so a second instance,
// a retried job or a job queued twice finds the row and sends nothing.

export const WEEKLY_REPORTS_JOB = "reports.weekly";
/** Monday (0 = Sunday) at 08:00, site time. */
export const REPORT_WEEKDAY = 1;
export const REPORT_MINUTE = 8 * 60;

/** The instant a wall-clock time on a date has in a time zone (the later one in a repeated hour). */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wanted = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let instant = wanted;
  for (let i = 0; i < 3; i++) {
    const local = localTime(new Date(instant), timeZone);
    const shown = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000;
    if (shown === wanted) break;
    instant += wanted - shown;
  }
  return new Date(instant);
}

/** The Monday (site time) of the week `now` falls in. */
function mondayOf(now: Date, timeZone: string): string {
  const local = localTime(now, timeZone);
  return addDays(local.date, -((local.weekday - REPORT_WEEKDAY + 7) % 7));
}

/** The next send (strictly after `now`) and the week it reports: the seven days before the send's Monday. */
export function nextWeeklySend(now: Date, timeZone: string): { sendAt: Date; period: string } {
  let monday = mondayOf(now, timeZone);
  let sendAt = zonedInstant(monday, REPORT_MINUTE, timeZone);
  if (sendAt.getTime() <= now.getTime()) {
    monday = addDays(monday, 7);
    sendAt = zonedInstant(monday, REPORT_MINUTE, timeZone);
  }
  return { sendAt, period: addDays(monday, -7) };
}

export interface ReportSettings {
  timeZone: string;
  appUrl: string;
  /** AUTH_SECRET: signs the unsubscribe links. */
  secret: string;
}

/** An owner's week: the Results page's figures for Monday to Sunday, and their best ad by scans, then plays. */
export async function composeOwnerReport(
  db: Database,
  userId: string,
  period: string,
  settings: ReportSettings,
): Promise<OwnerReport> {
  const to = addDays(period, 6);
  // The Results page's "last 7 days" as seen on the Sunday: Monday to Sunday.
  const lastMoment = new Date(zonedInstant(addDays(period, 7), 0, settings.timeZone).getTime() - 1);
  const answer = await getOwnerResults(
    db,
    { id: userId, isAdmin: false },
    { scope: { kind: "all" }, days: 7, timeZone: settings.timeZone, now: lastMoment },
  );
  if (!answer.ok) throw new Error("an owner's own results cannot be refused");
  const [best] = await queryRows<{ title: string; plays: number; scans: number }>(
    db,
    sql`select n.title, sum(d.plays)::int as plays, sum(d.scans)::int as scans
        from ad_daily_results d join ad_result_names n on n.ad_id = d.ad_id
        where n.user_id = ${userId} and d.ad_id <> ${NIL_UUID}::uuid
          and d.day >= ${period}::date and d.day <= ${to}::date
        group by d.ad_id, n.title
        having sum(d.plays) > 0 or sum(d.scans) > 0
        order by sum(d.scans) desc, sum(d.plays) desc, n.title
        limit 1`,
  );
  return {
    from: period,
    to,
    figures: answer.results.figures,
    bestAd: best ?? null,
    resultsUrl: `${settings.appUrl}/dashboard/results?days=7`,
    unsubscribeUrl: unsubscribeUrl(settings, userId, "owner_weekly"),
  };
}

/**
 * The network's week for admins: screens now, the week's offline incidents (docs/decisions/087-screen-alert-incidents.md),
 * the queue, the week's plays and the businesses whose ads did most.
 */
export async function composeAdminSummary(
  db: Database,
  userId: string,
  period: string,
  settings: ReportSettings,
  now = new Date(),
): Promise<AdminSummary> {
  const to = addDays(period, 6);
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();
  const weekStart = zonedInstant(period, 0, settings.timeZone).toISOString();
  const weekEnd = zonedInstant(addDays(period, 7), 0, settings.timeZone).toISOString();
  const [state] = await queryRows<{
    paired: number;
    online: number;
    pending: number;
    plays: number;
    ad_plays: number;
    incidents: number;
    incident_screens: number;
    open_incidents: number;
  }>(
    db,
    sql`select (select count(*) from kiosks where retired_at is null and device_token_hash is not null)::int as paired,
               (select count(*) from kiosks where retired_at is null and device_token_hash is not null
                  and last_seen_at >= ${onlineSince}::timestamptz)::int as online,
               (select count(*) from ads where review_status = 'pending')::int as pending,
               (select coalesce(sum(plays), 0) from kiosk_daily_results
                  where day >= ${period}::date and day <= ${to}::date)::int as plays,
               (select coalesce(sum(ad_plays), 0) from kiosk_daily_results
                  where day >= ${period}::date and day <= ${to}::date)::int as ad_plays,
               (select count(*) from kiosk_incidents
                  where opened_at >= ${weekStart}::timestamptz and opened_at < ${weekEnd}::timestamptz)::int as incidents,
               (select count(distinct kiosk_id) from kiosk_incidents
                  where opened_at >= ${weekStart}::timestamptz and opened_at < ${weekEnd}::timestamptz)::int
                 as incident_screens,
               (select count(*) from kiosk_incidents where closed_at is null)::int as open_incidents`,
  );
  const top = await queryRows<{ name: string; plays: number; scans: number }>(
    db,
    sql`select b.name, sum(d.plays)::int as plays, sum(d.scans)::int as scans
        from ad_daily_results d
        join ad_result_names n on n.ad_id = d.ad_id
        join businesses b on b.id = n.business_id
        where d.day >= ${period}::date and d.day <= ${to}::date and d.ad_id <> ${NIL_UUID}::uuid
        group by b.id, b.name
        order by sum(d.plays) desc, sum(d.scans) desc, b.name
        limit 5`,
  );
  return {
    from: period,
    to,
    screensPaired: state!.paired,
    screensOnline: state!.online,
    incidents: state!.incidents,
    incidentScreens: state!.incident_screens,
    openIncidents: state!.open_incidents,
    adsAwaitingReview: state!.pending,
    plays: state!.plays,
    adPlays: state!.ad_plays,
    topBusinesses: top,
    networkUrl: `${settings.appUrl}/admin/network`,
    reviewUrl: `${settings.appUrl}/admin/ads`,
    unsubscribeUrl: unsubscribeUrl(settings, userId, "admin_weekly"),
  };
}

function unsubscribeUrl(settings: ReportSettings, userId: string, kind: ReportKind) {
  return `${settings.appUrl}/reports/unsubscribe?token=${encodeURIComponent(unsubscribeToken(settings.secret, userId, kind))}`;
}

interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** Owners (a listing or an ad of their own) with a confirmed address who have not stopped the report. */
function ownerRecipients(db: Database) {
  return queryRows<Recipient>(
    db,
    sql`select u.id, u.email, u.name from users u
        where u.email_verified and not coalesce(u.banned, false)
          and (exists (select 1 from businesses b where b.user_id = u.id)
               or exists (select 1 from ad_result_names n where n.user_id = u.id))
          and not exists (select 1 from report_opt_outs o where o.user_id = u.id and o.kind = 'owner_weekly')
        order by u.id`,
  );
}

function adminRecipients(db: Database) {
  return queryRows<Recipient>(
    db,
    sql`select u.id, u.email, u.name from users u
        where u.role = 'admin' and u.email_verified and not coalesce(u.banned, false)
          and not exists (select 1 from report_opt_outs o where o.user_id = u.id and o.kind = 'admin_weekly')
        order by u.id`,
  );
}

/**
 * Queues `email` unless this person's report of this kind and week was already queued (by this run, an earlier
 * attempt or another instance). True when this call queued it.
 */
async function deliverOnce(
  db: Database,
  key: { kind: ReportKind; userId: string; period: string },
  email: OutgoingEmail,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    const [claimed] = await run
      .insert(reportDeliveries)
      .values(key)
      .onConflictDoNothing()
      .returning({ userId: reportDeliveries.userId });
    if (!claimed) return false;
    const outboxId = await enqueueEmail(run, email);
    await run
      .update(reportDeliveries)
      .set({ outboxId })
      .where(
        and(
          eq(reportDeliveries.kind, key.kind),
          eq(reportDeliveries.userId, key.userId),
          eq(reportDeliveries.period, key.period),
        ),
      );
    return true;
  });
}

export interface WeeklySummary {
  period: string;
  owners: number;
  admins: number;
}

/** Sends the week starting on `period` (a Monday) to everyone who gets it and has not had it. */
export async function sendWeeklyReports(
  db: Database,
  period: string,
  settings: ReportSettings,
  now = new Date(),
): Promise<WeeklySummary> {
  let owners = 0;
  for (const person of await ownerRecipients(db)) {
    const report = await composeOwnerReport(db, person.id, period, settings);
    const email = ownerReportEmail(person, report);
    const reference = `report:owner_weekly:${period}:${person.id}`;
    if (await deliverOnce(db, { kind: "owner_weekly", userId: person.id, period }, { ...email, reference }))
      owners++;
  }
  let admins = 0;
  for (const person of await adminRecipients(db)) {
    const summary = await composeAdminSummary(db, person.id, period, settings, now);
    const email = adminSummaryEmail(person, summary);
    const reference = `report:admin_weekly:${period}:${person.id}`;
    if (await deliverOnce(db, { kind: "admin_weekly", userId: person.id, period }, { ...email, reference }))
      admins++;
  }
  return { period, owners, admins };
}

interface WeeklyDeps {
  db: Database;
  logger: Pick<Logger, "info">;
  settings: ReportSettings;
  /** Wakes the mail lane once emails are queued. */
  onEmailQueued: () => void;
}

/** Queues the send that follows `now` (one job per week across instances: its dedupe key names the week). */
export function scheduleWeeklyReports(db: Database, timeZone: string, now = new Date()): Promise<string> {
  const next = nextWeeklySend(now, timeZone);
  return enqueue(
    db,
    weeklyReportsJob,
    { period: next.period },
    { runAt: next.sendAt, dedupeKey: `week:${next.period}` },
  );
}

/** The job: queues next week's send first (so a failing run never ends the chain), then sends this one. */
export const weeklyReportsJob = defineJob({
  kind: WEEKLY_REPORTS_JOB,
  payload: z.object({ period: z.iso.date() }),
  maxAttempts: 5,
  leaseSeconds: 900,
  concurrency: 1,
  async run({ period }, _job, { db, logger, settings, onEmailQueued }: WeeklyDeps) {
    const now = new Date();
    await scheduleWeeklyReports(db, settings.timeZone, now);
    const summary = await sendWeeklyReports(db, period, settings, now);
    if (summary.owners || summary.admins) onEmailQueued();
    logger.info(summary, "weekly reports queued");
  },
});

export function createWeeklyReports(deps: WeeklyDeps): RunnableJob {
  return runnableJob(weeklyReportsJob, deps);
}
