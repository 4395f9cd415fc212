import { and, asc, eq, isNotNull, isNull, not, or, sql } from "drizzle-orm";
import { openMinutesBefore, screenHours } from "~/lib/kiosk-player/opening";
import type { WeeklyHours } from "~/lib/opening-hours";
import type { Database } from "../infra/db/client";
import { enqueueEmail } from "../infra/mail/outbox";
import { businesses, kioskIncidents, kiosks, users } from "../infra/db/schema";
import { ONLINE_WINDOW_MS } from "./admin-kiosks";

// Offline alerts by email (docs/product.md#offline-alerts; the incident model is
// docs/decisions/087-screen-alert-incidents.md). A screen quiet for `thresholdMinutes` of its host's opening hours
// (of any time, when it has none or is always on) opens an incident: one email. Heard from again, the incident
// closes: one "back" email. Screens that fall together share one email, and screens that come back together too.

/** Any fixed 64-bit number: the advisory lock one check holds, so two instances never check side by side. */
const ALERTS_LOCK_KEY = 5_120_870_331;
/** Screens this much short of the threshold join an alert that goes out anyway: they fell with the others. */
const JOIN_MINUTES = 5;

export interface AlertSettings {
  /** Minutes of opening hours a screen may be quiet before the alert; 0 turns alerts off. */
  thresholdMinutes: number;
  /** Who gets the emails; empty: every admin account. */
  recipients: string[];
  appUrl: string;
  /** The zone the emails give times in (SITE_TIMEZONE). */
  timeZone: string;
}

export interface AlertCheck {
  opened: number;
  back: number;
  /** Incidents of screens that left the fleet (unpaired, retired): closed without an email. */
  dropped: number;
  emails: number;
}

interface FleetRow {
  id: string;
  label: string;
  hostName: string | null;
  hostCity: string | null;
  lastSeenAt: Date | null;
  pairedAt: Date | null;
  alwaysOn: boolean;
  timeZone: string;
  hostHours: unknown;
  hostTimeZone: string | null;
}

/** One pass: closes the incidents of screens heard from again, opens those of screens quiet too long, emails both. */
export async function checkScreenAlerts(
  db: Database,
  settings: AlertSettings,
  now = new Date(),
): Promise<AlertCheck> {
  if (settings.thresholdMinutes <= 0) return { opened: 0, back: 0, dropped: 0, emails: 0 };
  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    await run.execute(sql`select pg_advisory_xact_lock(${ALERTS_LOCK_KEY})`);

    // Screens that left the fleet: their incidents end, with no email.
    const dropped = await run
      .update(kioskIncidents)
      .set({ closedAt: now })
      .where(
        and(
          isNull(kioskIncidents.closedAt),
          sql`${kioskIncidents.kioskId} in (select id from kiosks where retired_at is not null or device_token_hash is null)`,
        ),
      )
      .returning({ id: kioskIncidents.id });

    const fleet: FleetRow[] = await run
      .select({
        id: kiosks.id,
        label: kiosks.label,
        hostName: businesses.name,
        hostCity: businesses.city,
        lastSeenAt: kiosks.lastSeenAt,
        pairedAt: kiosks.pairedAt,
        alwaysOn: kiosks.alwaysOn,
        timeZone: kiosks.timeZone,
        hostHours: businesses.hours,
        hostTimeZone: businesses.timeZone,
      })
      .from(kiosks)
      .leftJoin(businesses, eq(businesses.id, kiosks.hostBusinessId))
      .where(and(isNotNull(kiosks.deviceTokenHash), isNull(kiosks.retiredAt)))
      .orderBy(asc(kiosks.label), asc(kiosks.id));
    const byId = new Map(fleet.map((row) => [row.id, row]));

    // Heard from since it went quiet: back.
    const back = await run
      .update(kioskIncidents)
      .set({ closedAt: now, back: true })
      .from(kiosks)
      .where(
        and(
          isNull(kioskIncidents.closedAt),
          eq(kiosks.id, kioskIncidents.kioskId),
          sql`${kiosks.lastSeenAt} > ${kioskIncidents.downSince}`,
        ),
      )
      .returning({ kioskId: kioskIncidents.kioskId, downSince: kioskIncidents.downSince });

    const open = new Set(
      (
        await run
          .select({ kioskId: kioskIncidents.kioskId })
          .from(kioskIncidents)
          .where(isNull(kioskIncidents.closedAt))
      ).map((row) => row.kioskId),
    );
    const quiet = fleet
      .filter((row) => !open.has(row.id))
      .map((row) => ({ row, missed: missedMinutes(row, now), since: lastHeard(row) }))
      .filter((entry) => entry.since !== null && now.getTime() - entry.since.getTime() >= ONLINE_WINDOW_MS);
    const threshold = settings.thresholdMinutes;
    const joins = threshold - Math.min(JOIN_MINUTES, threshold / 2);
    const falling = quiet.some((entry) => entry.missed >= threshold)
      ? quiet.filter((entry) => entry.missed >= joins)
      : [];
    const opened = falling.length
      ? await run
          .insert(kioskIncidents)
          .values(falling.map((entry) => ({ kioskId: entry.row.id, downSince: entry.since!, openedAt: now })))
          .onConflictDoNothing()
          .returning({ kioskId: kioskIncidents.kioskId, downSince: kioskIncidents.downSince })
      : [];

    // In the fleet's order (by label), whatever order the statements answered in.
    const order = new Map(fleet.map((row, index) => [row.id, index]));
    const sorted = (list: Incident[]) =>
      [...list].sort((a, b) => (order.get(a.kioskId) ?? 0) - (order.get(b.kioskId) ?? 0));
    let emails = 0;
    const mails = [
      opened.length ? downEmail(sorted(opened), byId, settings) : null,
      back.length ? backEmail(sorted(back), byId, settings, now) : null,
    ].filter((mail) => mail !== null);
    if (mails.length) {
      const recipients = settings.recipients.length ? settings.recipients : await adminAddresses(run);
      for (const mail of mails)
        for (const to of recipients) {
          await enqueueEmail(run, { to, ...mail });
          emails++;
        }
    }
    return { opened: opened.length, back: back.length, dropped: dropped.length, emails };
  });
}

/** When the screen was last heard from: its last heartbeat, else its pairing. */
function lastHeard(row: FleetRow): Date | null {
  return row.lastSeenAt ?? row.pairedAt;
}

/** Minutes of its host's opening hours (of any time, without hours) the screen has been quiet for. */
function missedMinutes(row: FleetRow, now: Date): number {
  const since = lastHeard(row);
  if (!since) return 0;
  const hours = screenHours(row.hostHours as WeeklyHours | null, row.hostTimeZone ?? row.timeZone, {
    alwaysOn: row.alwaysOn,
  });
  return openMinutesBefore(hours, now, Math.floor((now.getTime() - since.getTime()) / 60_000));
}

/** Every admin account's address (not banned): the recipients when none are configured. */
async function adminAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), or(isNull(users.banned), not(eq(users.banned, true)))));
  return rows.map((row) => row.email);
}

type Incident = { kioskId: string; downSince: Date };

function screenLine(row: FleetRow | undefined): string {
  if (!row) return "A screen";
  const host = row.hostName ? ` (${row.hostName}${row.hostCity ? `, ${row.hostCity}` : ""})` : "";
  return `${row.label}${host}`;
}

function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}

function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? "1 hour" : `${hours} hours`;
  return rest ? `${hourText} ${rest} min` : hourText;
}

function subjectFor(count: number, rows: (FleetRow | undefined)[], what: string): string {
  if (count === 1) return `Screen ${what}: ${rows[0]?.label ?? "a screen"}`;
  const names = rows.slice(0, 3).map((row) => row?.label ?? "a screen");
  return `${count} screens ${what}: ${names.join(", ")}${count > 3 ? "…" : ""}`;
}

const FOOTER =
  "You get one email when a screen goes quiet and one when it is back. A screen dark outside its host's opening hours is not offline.";

function downEmail(incidents: Incident[], byId: Map<string, FleetRow>, settings: AlertSettings) {
  const rows = incidents.map((incident) => byId.get(incident.kioskId));
  const lines = incidents.map(
    (incident, index) =>
      `- ${screenLine(rows[index])}: last heard from ${formatWhen(incident.downSince, settings.timeZone)}`,
  );
  return {
    subject: subjectFor(incidents.length, rows, "offline"),
    text: [
      incidents.length === 1
        ? `This screen has been quiet for ${settings.thresholdMinutes} minutes or more of its host's opening hours:`
        : `These screens have been quiet for about ${settings.thresholdMinutes} minutes or more of their hosts' opening hours:`,
      "",
      ...lines,
      "",
      `The fleet: ${settings.appUrl}/admin/kiosks`,
      "",
      FOOTER,
    ].join("\n"),
    reference: `kiosk_incident:${incidents[0]!.kioskId}`,
  };
}

function backEmail(incidents: Incident[], byId: Map<string, FleetRow>, settings: AlertSettings, now: Date) {
  const rows = incidents.map((incident) => byId.get(incident.kioskId));
  const lines = incidents.map((incident, index) => {
    const seen = rows[index]?.lastSeenAt ?? now;
    return `- ${screenLine(rows[index])}: back at ${formatWhen(seen, settings.timeZone)}, quiet for ${formatDuration(seen.getTime() - incident.downSince.getTime())}`;
  });
  return {
    subject: subjectFor(incidents.length, rows, "back online"),
    text: [
      incidents.length === 1 ? "This screen is back online:" : "These screens are back online:",
      "",
      ...lines,
      "",
      `The fleet: ${settings.appUrl}/admin/kiosks`,
      "",
      FOOTER,
    ].join("\n"),
    reference: `kiosk_incident:${incidents[0]!.kioskId}`,
  };
}
