import { and, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { localTime } from "~/lib/ad-schedule";
import { NETWORK_DAYS } from "~/lib/results";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import { queryRows, type Database } from "../infra/db/client";
import { kiosks } from "../infra/db/schema";
import { ONLINE_WINDOW_MS } from "../kiosks/admin-kiosks";
import { isHostOpenAt } from "./host-hours";
import type { WeeklyHours } from "~/lib/opening-hours";
import { NIL_UUID } from "./rollup";
import { addDays } from "./owner-results";

// The admin's network page (docs/product.md#admin-network): the fleet's state, today's plays, the review queue,
// what scans best, and screens that should be on but are not.

/** A paired screen unheard from for longer than this, while its host is open, raises an alert. */
export const OFFLINE_ALERT_MS = 60 * 60_000;

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

export async function getNetworkOverview(
  db: Database,
  viewer: AdminViewer,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): Promise<NetworkOverview | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const today = localTime(now, timeZone).date;
  const todayStart = sql`(${today}::date::timestamp at time zone ${timeZone})`;
  const since = sql`(${addDays(today, -(NETWORK_DAYS - 1))}::date::timestamp at time zone ${timeZone})`;

  const [fleet, pending, topAds] = await Promise.all([
    queryRows<{
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
      db,
      sql`select k.id, k.label, b.id as host_id, b.name as host_name, b.hours as host_hours,
                 coalesce(b.time_zone, k.time_zone) as host_time_zone,
                 coalesce(k.latitude, b.latitude) as lat, coalesce(k.longitude, b.longitude) as lng,
                 k.device_token_hash is not null as paired, k.paired_at::text, k.last_seen_at::text,
                 k.people_per_play,
                 coalesce((select count(*) from kiosk_plays p
                           where p.kiosk_id = k.id and p.started_at >= ${todayStart}), 0)::int as plays_today,
                 coalesce(r.plays, 0)::int as plays30, coalesce(r.scans, 0)::int as scans30
          from kiosks k
          left join businesses b on b.id = k.host_business_id
          left join (select kiosk_id, sum(plays) as plays, sum(scans) as scans from ad_hourly_results
                     where hour >= ${since} group by kiosk_id) r on r.kiosk_id = k.id
          where k.retired_at is null
          order by k.label`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ads where review_status = 'pending'`),
    queryRows<{
      id: string;
      title: string | null;
      business_name: string | null;
      deleted: boolean | null;
      scans: number;
      plays: number;
    }>(
      db,
      sql`select r.ad_id as id, n.title, b.name as business_name, n.deleted_at is not null as deleted,
                 sum(r.scans)::int as scans, sum(r.plays)::int as plays
          from ad_hourly_results r
          left join ad_result_names n on n.ad_id = r.ad_id
          left join businesses b on b.id = n.business_id
          where r.hour >= ${since} and r.ad_id <> ${NIL_UUID}::uuid
          group by r.ad_id, n.title, b.name, n.deleted_at
          having sum(r.scans) > 0 or sum(r.plays) > 0
          order by sum(r.scans) desc, sum(r.plays) desc
          limit 5`,
    ),
  ]);

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
    const silentSince = row.last_seen_at ?? row.paired_at;
    if (!silentSince || nowMs - Date.parse(silentSince) <= OFFLINE_ALERT_MS) continue;
    const host = row.host_id ? { hours: row.host_hours, timeZone: row.host_time_zone } : null;
    if (!isHostOpenAt(host, now)) continue;
    alerts.push({
      kioskId: row.id,
      label: row.label,
      hostName: row.host_name,
      silentSince: new Date(Date.parse(silentSince)).toISOString(),
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
