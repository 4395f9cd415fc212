import { sql, type SQL } from "drizzle-orm";
import { localTime } from "~/lib/ad-schedule";
import { isUuid } from "~/lib/uuid";
import type { NetworkFigures } from "~/lib/network-figures";
import { queryRows, type Database } from "../infra/db/client";
import { logger } from "../infra/logging/logger";
import type { Services } from "../services";
import { readRollupMoment } from "./rollup";

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
 * Plays of ads since the first day of this month: the daily roll-ups (`rolled`, a sum over rows with `day >=
 * firstDay`) plus the raw plays the roll-up has not read yet (received after its mark: a few minutes of plays, one
 * range of `kiosk_plays_received_idx`) that `adFilter` keeps (a condition on `r.ad_id`). The roll-ups count exactly
 * the plays received up to the mark, so nothing is counted twice; the mark and the sums are read in one snapshot.
 */
async function playsThisMonth(
  db: Database,
  rolled: (firstDay: string) => SQL,
  adFilter: SQL,
  { timeZone, rawDays, now = new Date() }: MonthOptions,
): Promise<{ firstDay: string; plays: number }> {
  const month = monthOf(now, timeZone);
  return db.transaction(
    async (tx) => {
      const run = tx as unknown as Database;
      const moment = await readRollupMoment(run, { from: month.start, now, rawDays, timeZone });
      const [row] = await queryRows<{ plays: string }>(
        run,
        sql`select ((${rolled(month.firstDay)})
                    + (select count(*) from kiosk_plays r
                       where r.received_at > ${moment.mark}::timestamptz
                         and r.started_at >= ${moment.rawFrom}::timestamptz
                         and r.ad_id is not null and ${adFilter}))::text as plays`,
      );
      return { firstDay: month.firstDay, plays: Number(row?.plays ?? 0) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The figures the home and About pages show: partners (published listings: the directory's and the map's count),
 * kiosks (paired and not retired: screens in shops that can play) and ad plays this month (house slides are not
 * ads). Three cheap reads: the directory's running totals (five rows), the kiosks table, and the month's daily rows
 * per kiosk (kiosks × days, however many plays).
 */
export async function readNetworkFigures(db: Database, options: MonthOptions): Promise<NetworkFigures> {
  const now = options.now ?? new Date();
  const [row] = await queryRows<{ partners: number; kiosks: number }>(
    db,
    sql`select (select coalesce(sum(businesses), 0) from business_counts_by_industry)::int as partners,
               (select count(*) from kiosks where retired_at is null and device_token_hash is not null)::int as kiosks`,
  );
  const month = await playsThisMonth(
    db,
    (firstDay) =>
      sql`select coalesce(sum(ad_plays), 0) from kiosk_daily_results where day >= ${firstDay}::date`,
    sql`true`,
    { ...options, now },
  );
  return {
    partners: row?.partners ?? 0,
    kiosks: row?.kiosks ?? 0,
    playsThisMonth: month.plays,
    month: month.firstDay,
  };
}

/**
 * Plays of a listing's ads this month (its ads, deleted ones included, are in `ad_result_names`): the business page's
 * "Seen N times on Local Shine kiosks this month". An index range of the daily rows per ad; 0 for an id that is not a
 * UUID.
 */
export async function readListingPlaysThisMonth(
  db: Database,
  businessId: string,
  options: MonthOptions,
): Promise<number> {
  if (!isUuid(businessId)) return 0;
  const ads = sql`select n.ad_id from ad_result_names n where n.business_id = ${businessId}::uuid`;
  const month = await playsThisMonth(
    db,
    (firstDay) => sql`select coalesce(sum(d.plays), 0) from ad_daily_results d
                      where d.ad_id in (${ads}) and d.day >= ${firstDay}::date`,
    sql`r.ad_id in (${ads})`,
    options,
  );
  return month.plays;
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
