import { and, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { localTime } from "~/lib/ad-schedule";
import { NETWORK_DAYS } from "~/lib/results";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import { queryRows, type Database } from "../infra/db/client";
import { kiosks } from "../infra/db/schema";
import { ONLINE_WINDOW_MS } from "../kiosks/admin-kiosks";
import { downSince } from "./host-hours";
import type { WeeklyHours } from "~/lib/opening-hours";
import { NIL_UUID, readRollupMoment } from "./rollup";
import { addDays } from "./owner-results";

// The admin's network page (docs/product.md#admin-network): the fleet's state, today's plays, the review queue,
// what scans best, and screens that should be on but are not.

export interface NetworkKiosk {
  id: string;
  label: string;
  hostName: string | null;
  lat: number | null;
  lng: number | null;
  paired: boolean;
  online: boolean;
  lastSeenAt: string | null;
  playsToday: number;
  plays30: number;
  scans30: number;
  peoplePerPlay: number | null;
  /** plays30 × peoplePerPlay; null without an estimate. */
  estimatedImpressions30: number | null;
}

export interface NetworkAlert {
  kioskId: string;
  label: string;
  hostName: string | null;
  /** Since when the screen has been silent (its last heartbeat, else its pairing). */
  silentSince: string;
}

export interface TopAd {
  id: string;
  title: string;
  businessName: string | null;
  deleted: boolean;
  scans: number;
  plays: number;
}

export interface NetworkOverview {
  ok: true;
  kiosks: NetworkKiosk[];
  playsToday: number;
  adsAwaitingReview: number;
  topAds: TopAd[];
  topKiosks: NetworkKiosk[];
  alerts: NetworkAlert[];
  generatedAt: string;
}

export interface NetworkOptions {
  /** SITE_TIMEZONE: whose calendar "today" and the 30 days are. */
  timeZone: string;
  /** RESULTS_RAW_DAYS: raw plays older than the roll-up's cut-off are never counted, so they are left out here too. */
  rawDays: number;
  now?: Date;
}

/**
 * Every figure of the page is read in one read-only snapshot and counts up to the same moment: the daily roll-ups
 * (which count exactly the events received up to the roll-up's mark) plus the raw events received after the mark,
 * a few minutes of them (docs/decisions/090-daily-roll-ups-and-one-moment.md). The cost follows kiosks × days and
 * ads × days, not the number of plays.
 */
export async function getNetworkOverview(
  db: Database,
  viewer: AdminViewer,
  { timeZone, rawDays, now = new Date() }: NetworkOptions,
): Promise<NetworkOverview | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const today = localTime(now, timeZone).date;
  const sinceDay = addDays(today, -(NETWORK_DAYS - 1));
  const todayStart = sql`(${today}::date::timestamp at time zone ${timeZone})`;
  const since = sql`(${sinceDay}::date::timestamp at time zone ${timeZone})`;
  const { fleet, pending, topAds } = await db.transaction(
    async (tx) => {
      const run = tx as unknown as Database;
      const moment = await readRollupMoment(run, { from: since, now, rawDays, timeZone });
      // The plays and scans the roll-up has not read yet (received after its mark), within the 30 days.
      const tailPlays = sql`select p.kiosk_id, coalesce(p.ad_id, ${NIL_UUID}::uuid) as ad_id, p.started_at
                            from kiosk_plays p
                            where p.received_at > ${moment.mark}::timestamptz
                              and p.started_at >= ${moment.rawFrom}::timestamptz`;
      const tailScans = sql`select coalesce(s.kiosk_id, ${NIL_UUID}::uuid) as kiosk_id, s.ad_id from ad_scans s
                            where s.scanned_at > ${moment.mark}::timestamptz
                              and s.scanned_at >= ${moment.from}::timestamptz`;
      const fleet = await queryRows<{
        id: string;
        label: string;
        host_id: string | null;
        host_name: string | null;
        host_hours: WeeklyHours | null;
        host_time_zone: string;
        lat: number | null;
        lng: number | null;
        paired: boolean;
        paired_at: string | null;
        last_seen_at: string | null;
        people_per_play: number | null;
        plays_today: number;
        plays30: number;
        scans30: number;
      }>(
        run,
        sql`with tail_plays as materialized (${tailPlays}),
                 tail as (
                   select kiosk_id, count(*) filter (where started_at >= ${todayStart}) as today,
                          count(*) as plays, 0 as scans
                   from tail_plays group by kiosk_id
                   union all
                   select kiosk_id, 0, 0, count(*) from (${tailScans}) s group by kiosk_id
                 ),
                 rolled as (
                   select kiosk_id, sum(plays) filter (where day = ${today}::date) as today,
                          sum(plays) as plays, sum(scans) as scans
                   from kiosk_daily_results where day >= ${sinceDay}::date group by kiosk_id
                 ),
                 totals as (
                   select kiosk_id, sum(today) as today, sum(plays) as plays, sum(scans) as scans
                   from (select * from rolled union all select * from tail) t group by kiosk_id
                 )
            select k.id, k.label, b.id as host_id, b.name as host_name, b.hours as host_hours,
                   coalesce(b.time_zone, k.time_zone) as host_time_zone,
                   coalesce(k.latitude, b.latitude) as lat, coalesce(k.longitude, b.longitude) as lng,
                   k.device_token_hash is not null as paired, k.paired_at::text, k.last_seen_at::text,
                   k.people_per_play,
                   coalesce(r.today, 0)::int as plays_today,
                   coalesce(r.plays, 0)::int as plays30, coalesce(r.scans, 0)::int as scans30
            from kiosks k
            left join businesses b on b.id = k.host_business_id
            left join totals r on r.kiosk_id = k.id
            where k.retired_at is null
            order by k.label`,
      );
      const pending = await queryRows<{ n: number }>(
        run,
        sql`select count(*)::int as n from ads where review_status = 'pending'`,
      );
      const topAds = await queryRows<{
        id: string;
        title: string | null;
        business_name: string | null;
        deleted: boolean | null;
        scans: number;
        plays: number;
      }>(
        run,
        sql`with totals as (
              select ad_id, sum(plays) as plays, sum(scans) as scans from (
                select ad_id, plays, scans from ad_daily_results where day >= ${sinceDay}::date
                union all
                select ad_id, 1, 0 from (${tailPlays}) p
                union all
                select ad_id, 0, 1 from (${tailScans}) s
              ) t
              where ad_id <> ${NIL_UUID}::uuid
              group by ad_id
              having sum(scans) > 0 or sum(plays) > 0
              order by sum(scans) desc, sum(plays) desc, ad_id
              limit 5
            )
            select t.ad_id as id, n.title, b.name as business_name, n.deleted_at is not null as deleted,
                   t.scans::int as scans, t.plays::int as plays
            from totals t
            left join ad_result_names n on n.ad_id = t.ad_id
            left join businesses b on b.id = n.business_id
            order by t.scans desc, t.plays desc, t.ad_id`,
      );
      return { fleet, pending, topAds };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  const nowMs = now.getTime();
  const list: NetworkKiosk[] = fleet.map((row) => {
    const lastSeen = row.last_seen_at ? Date.parse(row.last_seen_at) : null;
    return {
      id: row.id,
      label: row.label,
      hostName: row.host_name,
      lat: row.lat,
      lng: row.lng,
      paired: row.paired,
      online: row.paired && lastSeen !== null && nowMs - lastSeen < ONLINE_WINDOW_MS,
      lastSeenAt: lastSeen === null ? null : new Date(lastSeen).toISOString(),
      playsToday: row.plays_today,
      plays30: row.plays30,
      scans30: row.scans30,
      peoplePerPlay: row.people_per_play,
      estimatedImpressions30:
        row.people_per_play === null ? null : Math.round(row.plays30 * row.people_per_play),
    };
  });

  const alerts: NetworkAlert[] = [];
  for (const row of fleet) {
    if (!row.paired) continue;
    const host = row.host_id ? { hours: row.host_hours, timeZone: row.host_time_zone } : null;
    const since = downSince({ lastSeenAt: row.last_seen_at, pairedAt: row.paired_at, host }, now);
    if (since)
      alerts.push({
        kioskId: row.id,
        label: row.label,
        hostName: row.host_name,
        silentSince: since.toISOString(),
      });
  }

  return {
    ok: true,
    kiosks: list,
    playsToday: list.reduce((sum, kiosk) => sum + kiosk.playsToday, 0),
    adsAwaitingReview: pending[0]?.n ?? 0,
    topAds: topAds.map((row) => ({
      id: row.id,
      title: row.title ?? "Unknown ad",
      businessName: row.business_name,
      deleted: Boolean(row.deleted),
      scans: row.scans,
      plays: row.plays,
    })),
    topKiosks: [...list]
      .filter((kiosk) => kiosk.scans30 > 0 || kiosk.plays30 > 0)
      .sort((a, b) => b.scans30 - a.scans30 || b.plays30 - a.plays30)
      .slice(0, 5),
    alerts,
    generatedAt: now.toISOString(),
  };
}

export type PeoplePerPlayResult = { ok: true } | { ok: false; status: 404 } | Forbidden;

/** Sets (or, with null, clears) a kiosk's estimated people per play. Admins only. */
export async function setPeoplePerPlay(
  db: Database,
  viewer: AdminViewer,
  kioskId: string,
  peoplePerPlay: number | null,
): Promise<PeoplePerPlayResult> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(kioskId)) return { ok: false, status: 404 };
  const [row] = await db
    .update(kiosks)
    .set({ peoplePerPlay })
    .where(and(eq(kiosks.id, kioskId), isNull(kiosks.retiredAt)))
    .returning({ id: kiosks.id });
  return row ? { ok: true } : { ok: false, status: 404 };
}
