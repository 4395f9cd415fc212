import { sql, type SQL } from "drizzle-orm";
import type { ResultsDay, ResultsFigures, ResultsPeriod, ResultsScope } from "~/lib/results";
import { localTime } from "~/lib/ad-schedule";
import { queryRows, type Database } from "../infra/db/client";
import type { Viewer } from "../auth/guards";
import { NIL_UUID } from "./rollup";

// The owner's Results page (docs/product.md#results), read from the roll-ups only. Who may see what is in the
// WHERE clauses: an owner's ads and listings carry `user_id = viewer.id`; an admin's carry no owner condition. An
// id someone else owns therefore matches nothing and answers exactly like an id that does not exist.

export type ResultsViewer = Pick<Viewer, "id" | "isAdmin">;

export interface ResultsChoice {
  id: string;
  name: string;
}

export interface AdChoice extends ResultsChoice {
  businessId: string;
  deleted: boolean;
}

export interface TopKiosk {
  id: string;
  label: string;
  hostName: string | null;
  scans: number;
  plays: number;
}

export interface OwnerResults {
  scope: ResultsScope;
  /** The scope's name: a listing's or an ad's; null for everything. */
  scopeName: string | null;
  days: ResultsPeriod;
  from: string;
  to: string;
  listings: ResultsChoice[];
  ads: AdChoice[];
  figures: ResultsFigures;
  byDay: ResultsDay[];
  topKiosks: TopKiosk[];
  /** False for an ad's results: its listing's figures belong to the listing. */
  showsListing: boolean;
}

export type OwnerResultsAnswer = { ok: true; results: OwnerResults } | { ok: false; status: 404 };

const mine = (viewer: ResultsViewer, column: SQL) =>
  viewer.isAdmin ? sql`true` : sql`${column} = ${viewer.id}`;

export async function getOwnerResults(
  db: Database,
  viewer: ResultsViewer,
  {
    scope,
    days,
    timeZone,
    now = new Date(),
  }: { scope: ResultsScope; days: ResultsPeriod; timeZone: string; now?: Date },
): Promise<OwnerResultsAnswer> {
  const to = localTime(now, timeZone).date;
  const from = addDays(to, -(days - 1));

  // The ads and listings in scope, as subqueries carrying the owner condition.
  let adSet: SQL;
  let businessSet: SQL;
  let scopeName: string | null = null;
  if (scope.kind === "all") {
    // Everything of the viewer's own, admins included (an admin reaches others' results by their ids).
    adSet = sql`select ad_id from ad_result_names where user_id = ${viewer.id}`;
    businessSet = sql`select id from businesses where user_id = ${viewer.id}`;
  } else if (scope.kind === "listing") {
    const [listing] = await queryRows<{ name: string }>(
      db,
      sql`select name from businesses b where b.id = ${scope.id}::uuid and ${mine(viewer, sql`b.user_id`)}`,
    );
    if (!listing) return { ok: false, status: 404 };
    scopeName = listing.name;
    adSet = sql`select ad_id from ad_result_names where business_id = ${scope.id}::uuid`;
    businessSet = sql`select ${scope.id}::uuid`;
  } else {
    const [ad] = await queryRows<{ title: string }>(
      db,
      sql`select title from ad_result_names n where n.ad_id = ${scope.id}::uuid and ${mine(viewer, sql`n.user_id`)}`,
    );
    if (!ad) return { ok: false, status: 404 };
    scopeName = ad.title;
    adSet = sql`select ${scope.id}::uuid`;
    businessSet = sql`select null::uuid where false`;
  }

  const fromTs = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const toTs = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  const adWhere = sql`r.ad_id in (${adSet}) and r.ad_id <> ${NIL_UUID}::uuid
                     and r.hour >= ${fromTs} and r.hour < ${toTs}`;

  const [totals, adDays, listingDays, topKiosks, listings, ads] = await Promise.all([
    queryRows<{ plays: number; screen_ms: number; scans: number; kiosks: number; estimated: number | null }>(
      db,
      sql`select coalesce(sum(r.plays), 0)::int as plays, coalesce(sum(r.screen_ms), 0)::float8 as screen_ms,
                 coalesce(sum(r.scans), 0)::int as scans,
                 count(distinct r.kiosk_id) filter (where r.plays > 0)::int as kiosks,
                 sum(r.plays * k.people_per_play)::float8 as estimated
          from ad_hourly_results r
          left join kiosks k on k.id = r.kiosk_id
          where ${adWhere}`,
    ),
    queryRows<{ day: string; plays: number; screen_ms: number; scans: number }>(
      db,
      sql`select (r.hour at time zone ${timeZone})::date::text as day, sum(r.plays)::int as plays,
                 sum(r.screen_ms)::float8 as screen_ms, sum(r.scans)::int as scans
          from ad_hourly_results r where ${adWhere} group by 1`,
    ),
    queryRows<{
      day: string;
      views: number;
      unique_views: number;
      calls: number;
      websites: number;
      emails: number;
      directions: number;
    }>(
      db,
      sql`select d.day::text as day, sum(views)::int as views, sum(unique_views)::int as unique_views,
                 sum(calls)::int as calls, sum(websites)::int as websites, sum(emails)::int as emails,
                 sum(directions)::int as directions
          from business_daily_results d
          where d.business_id in (${businessSet}) and d.day >= ${from}::date and d.day <= ${to}::date
          group by d.day`,
    ),
    queryRows<{ id: string; label: string; host_name: string | null; scans: number; plays: number }>(
      db,
      sql`select r.kiosk_id as id, k.label, b.name as host_name, sum(r.scans)::int as scans,
                 sum(r.plays)::int as plays
          from ad_hourly_results r
          join kiosks k on k.id = r.kiosk_id
          left join businesses b on b.id = k.host_business_id
          where ${adWhere}
          group by r.kiosk_id, k.label, b.name
          order by sum(r.scans) desc, sum(r.plays) desc, k.label
          limit 5`,
    ),
    queryRows<ResultsChoice>(
      db,
      sql`select id, name from businesses where user_id = ${viewer.id} order by name limit 200`,
    ),
    queryRows<{ id: string; name: string; business_id: string; deleted: boolean }>(
      db,
      sql`select ad_id as id, title as name, business_id, deleted_at is not null as deleted
          from ad_result_names where user_id = ${viewer.id} order by deleted_at nulls first, title limit 500`,
    ),
  ]);

  const t = totals[0]!;
  const byDay = new Map<string, ResultsDay>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, emptyDay(day));
  for (const row of adDays) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.plays += row.plays;
    entry.screenSeconds += row.screen_ms / 1000;
    entry.scans += row.scans;
  }
  const listing = { views: 0, unique: 0, calls: 0, websites: 0, emails: 0, directions: 0 };
  for (const row of listingDays) {
    const entry = byDay.get(row.day);
    if (entry) {
      entry.listingViews += row.views;
      entry.calls += row.calls;
      entry.websiteVisits += row.websites;
      entry.emails += row.emails;
      entry.directions += row.directions;
    }
    listing.views += row.views;
    listing.unique += row.unique_views;
    listing.calls += row.calls;
    listing.websites += row.websites;
    listing.emails += row.emails;
    listing.directions += row.directions;
  }

  return {
    ok: true,
    results: {
      scope,
      scopeName,
      days,
      from,
      to,
      listings,
      ads: ads.map((ad) => ({ id: ad.id, name: ad.name, businessId: ad.business_id, deleted: ad.deleted })),
      figures: {
        plays: t.plays,
        screenSeconds: Math.round(t.screen_ms / 1000),
        kiosksReached: t.kiosks,
        scans: t.scans,
        scansPerThousandPlays: t.plays > 0 ? Math.round((t.scans / t.plays) * 10_000) / 10 : null,
        estimatedImpressions: t.estimated === null ? null : Math.round(t.estimated),
        listingViews: listing.views,
        uniqueVisitors: listing.unique,
        calls: listing.calls,
        websiteVisits: listing.websites,
        emails: listing.emails,
        directions: listing.directions,
      },
      byDay: [...byDay.values()],
      topKiosks: topKiosks.map((row) => ({
        id: row.id,
        label: row.label,
        hostName: row.host_name,
        scans: row.scans,
        plays: row.plays,
      })),
      showsListing: scope.kind !== "ad",
    },
  };
}

function emptyDay(day: string): ResultsDay {
  return {
    day,
    plays: 0,
    screenSeconds: 0,
    scans: 0,
    listingViews: 0,
    calls: 0,
    websiteVisits: 0,
    emails: 0,
    directions: 0,
  };
}

/** "2026-01-31" plus n days, as a calendar date. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The Results CSV: one row per day, the figures a spreadsheet can add up. */
export function resultsCsv(results: OwnerResults): string {
  const header = [
    "date",
    "plays",
    "screen_seconds",
    "qr_scans",
    "listing_views",
    "calls",
    "website_visits",
    "emails",
    "directions",
  ];
  const lines = [header.join(",")];
  for (const day of results.byDay) {
    lines.push(
      [
        day.day,
        day.plays,
        Math.round(day.screenSeconds),
        day.scans,
        day.listingViews,
        day.calls,
        day.websiteVisits,
        day.emails,
        day.directions,
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
