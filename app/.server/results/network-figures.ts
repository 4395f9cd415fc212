import { sql, type SQL } from "drizzle-orm";
import { localTime } from "~/lib/ad-schedule";
import { isUuid } from "~/lib/uuid";
import type { NetworkFigures } from "~/lib/network-figures";
import { queryRows, type Database } from "../infra/db/client";
import { logger } from "../infra/logging/logger";
import type { Services } from "../services";
import { NIL_UUID, rawCutoff, rolledUpTo } from "./rollup";

// The network's public figures (docs/product.md#home, #about) and a listing's plays this month (#one-business).
// What counts as a partner and a kiosk, and why the figures are cached: docs/decisions/072-proof-in-public.md.

export type { NetworkFigures };

export interface MonthOptions {
  /** SITE_TIMEZONE: whose calendar month "this month" is. */
  timeZone: string;
  /** RESULTS_RAW_DAYS: raw plays older than the roll-up's cut-off are never counted, so they are left out here too. */
  rawDays: number;
  now?: Date;
}

/** The first day of `now`'s month in `timeZone` ("2026-06-01"), and its start as SQL (a timestamptz). */
function monthOf(now: Date, timeZone: string) {
  const firstDay = `${localTime(now, timeZone).date.slice(0, 7)}-01`;
  return { firstDay, start: sql`(${firstDay}::date::timestamp at time zone ${timeZone})` };
}

/**
 * Plays of the ads `adFilter` keeps (a condition on the column `ad_id`) since the start of this month: the hourly
 * roll-ups, plus the raw plays the roll-up has not read yet (received after its mark: a few minutes of plays, one
 * range of `kiosk_plays_received_idx`). A play received in the seconds just before a run may be counted twice until
 * the next run (the run recounts its hour; its mark trails by ROLLUP_LAG_MS): a handful at most, and it heals.
 */
function playsSince(start: SQL, adFilter: SQL, { timeZone, rawDays, now = new Date() }: MonthOptions): SQL {
  return sql`(select coalesce(sum(r.plays), 0) from ad_hourly_results r where r.hour >= ${start} and ${adFilter})
             + (select count(*) from kiosk_plays r
                where r.received_at > coalesce(${rolledUpTo()}, '-infinity'::timestamptz)
                  and r.started_at >= greatest(${start}, ${rawCutoff(now, rawDays, timeZone)})
                  and r.ad_id is not null and ${adFilter})`;
}

/**
 * The figures the home and About pages show: partners (published listings: the directory's and the map's count),
 * kiosks (paired and not retired: screens in shops that can play) and ad plays this month (house slides are not
 * ads). Three cheap reads: the directory's running totals (five rows), the kiosks table, and the month's roll-ups.
 */
export async function readNetworkFigures(db: Database, options: MonthOptions): Promise<NetworkFigures> {
  const now = options.now ?? new Date();
  const month = monthOf(now, options.timeZone);
  const [row] = await queryRows<{ partners: number; kiosks: number; plays: string }>(
    db,
    sql`select (select coalesce(sum(businesses), 0) from business_counts_by_industry)::int as partners,
               (select count(*) from kiosks where retired_at is null and device_token_hash is not null)::int as kiosks,
               (${playsSince(month.start, sql`r.ad_id <> ${NIL_UUID}::uuid`, { ...options, now })})::text as plays`,
  );
  return {
    partners: row?.partners ?? 0,
    kiosks: row?.kiosks ?? 0,
    playsThisMonth: Number(row?.plays ?? 0),
    month: month.firstDay,
  };
}

/**
 * Plays of a listing's ads this month (its ads, deleted ones included, are in `ad_result_names`): the business page's
 * "Seen N times on Local Shine kiosks this month". Index ranges per ad; 0 for an id that is not a UUID.
 */
export async function readListingPlaysThisMonth(
  db: Database,
  businessId: string,
  options: MonthOptions,
): Promise<number> {
  if (!isUuid(businessId)) return 0;
  const month = monthOf(options.now ?? new Date(), options.timeZone);
  const adFilter = sql`r.ad_id in (select n.ad_id from ad_result_names n where n.business_id = ${businessId}::uuid)`;
  const [row] = await queryRows<{ plays: string }>(
    db,
    sql`select (${playsSince(month.start, adFilter, options)})::text as plays`,
  );
  return Number(row?.plays ?? 0);
}

/** As long as a public page is cached (`max-age=60`): the figures cost one read a minute per process. */
export const NETWORK_FIGURES_MAX_AGE_MS = 60_000;

/**
 * The figures, read at most once per max age however many requests ask. Once read, a request never waits: an
 * older value is answered while the next read runs; a failed read keeps the older value and is logged. Only the very
 * first read is waited for; if it fails, the answer is null (the pages then leave the figures out).
 */
export class NetworkFiguresCache {
  private current: { figures: NetworkFigures; loadedAt: number } | null = null;
  private loading: Promise<NetworkFigures | null> | null = null;

  constructor(
    private readonly read: (now: Date) => Promise<NetworkFigures>,
    private readonly maxAgeMs = NETWORK_FIGURES_MAX_AGE_MS,
  ) {}

  get(now = new Date()): Promise<NetworkFigures | null> {
    const current = this.current;
    if (current && now.getTime() - current.loadedAt < this.maxAgeMs) return Promise.resolve(current.figures);
    this.loading ??= this.read(now)
      .then((figures) => {
        this.current = { figures, loadedAt: now.getTime() };
        return figures;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "network figures could not be read");
        return this.current?.figures ?? null;
      })
      .finally(() => {
        this.loading = null;
      });
    return current ? Promise.resolve(current.figures) : this.loading;
  }
}

const caches = new WeakMap<Database, NetworkFiguresCache>();

/** The cached figures of these services (one cache per database, so each test server has its own). */
export function networkFigures(services: Pick<Services, "db" | "env">): Promise<NetworkFigures | null> {
  let cache = caches.get(services.db);
  if (!cache) {
    const { db, env } = services;
    cache = new NetworkFiguresCache((now) =>
      readNetworkFigures(db, { timeZone: env.SITE_TIMEZONE, rawDays: env.RESULTS_RAW_DAYS, now }),
    );
    caches.set(services.db, cache);
  }
  return cache.get();
}
