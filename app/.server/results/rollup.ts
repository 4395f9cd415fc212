import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows, type Database } from "../infra/db/client";
import { z } from "~/lib/zod";
import { defineJob, enqueue, runnableJob, type RunnableJob } from "../infra/jobs";

// The results roll-up (docs/product.md#results; why it recounts instead of adding: docs/decisions/055-results-roll-ups.md;
// the daily rows: docs/decisions/090-daily-roll-ups-and-one-moment.md).
// Each run reads which raw events arrived since the last run, recounts every hour (plays, scans per ad and kiosk),
// every day per kiosk and per ad (plays, scans) and every day per business (page views, contact actions) those
// events fall in from all the raw events of that hour or day received up to the run's mark, replaces those roll-up
// rows, moves its mark, and deletes raw events older than RESULTS_RAW_DAYS: one transaction, so a run cut short
// leaves nothing half-done and the next run does the same work again with the same outcome. Because every row counts
// exactly the events received up to the mark, the roll-ups plus the raw events received after it are the figures
// of one moment, with nothing counted twice.

export const RESULTS_ROLLUP_JOB = "results.rollup";

/** Stands for "house content" (no ad) and "no known kiosk" in the roll-ups' keys. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Events are read up to this long before the run: a write whose transaction began earlier than that (its default
 * timestamp) has committed by then, so no event slips behind the mark.
 */
export const ROLLUP_LAG_MS = 5_000;
/** A play said to last longer than this counts this long as screen time (a device's broken clock). */
const MAX_PLAY_MS = 3_600_000;
/** Any fixed 64-bit number: one roll-up at a time across every instance. */
const ROLLUP_LOCK_KEY = 7_301_202_655;
const MARK = "events";
/** Set once the daily rows per kiosk and per ad have been built for the whole history (the first run after they came). */
const DAILY_MARK = "daily";

/** How far the roll-ups have read (SQL, a timestamptz; null before the first run). */
export const rolledUpTo = () => sql`(select rolled_up_to from results_rollup_marks where name = ${MARK})`;

/**
 * The start of the oldest day whose raw events are kept (SQL, a timestamptz): the day `rawDays` before `now` in
 * `timeZone`. Older hours are never recounted, and a raw event older than this is never counted.
 */
export const rawCutoff = (now: Date, rawDays: number, timeZone: string) =>
  sql`((date_trunc('day', (${now.toISOString()}::timestamptz - make_interval(days => ${rawDays}))
        at time zone ${timeZone})) at time zone ${timeZone})`;

/**
 * The moment a page's figures count up to, read once at the start of its snapshot: the roll-ups' mark ('-infinity'
 * before the first run) and, for a period starting at `from` (SQL, a timestamptz), where the raw events past the
 * mark are looked for (the later of `from` and the raw window's start). Handed to the reads as constants, so the
 * planner sees the narrow range of `kiosk_plays_received_idx` they select instead of guessing at a sub-query.
 */
export async function readRollupMoment(
  db: Database,
  { from, now, rawDays, timeZone }: { from: SQL; now: Date; rawDays: number; timeZone: string },
): Promise<{ mark: string; rawFrom: string; from: string }> {
  const [row] = await queryRows<{ mark: string; raw_from: string; from: string }>(
    db,
    sql`select coalesce(${rolledUpTo()}, '-infinity'::timestamptz)::text as mark,
               greatest(${from}, ${rawCutoff(now, rawDays, timeZone)})::text as raw_from,
               (${from})::text as from`,
  );
  return { mark: row!.mark, rawFrom: row!.raw_from, from: row!.from };
}

export interface RollupOptions {
  timeZone: string;
  rawDays: number;
  now?: Date;
}

export interface RollupSummary {
  hours: number;
  days: number;
  /** Site days whose rows per kiosk and per ad were recounted. */
  playDays: number;
  purged: number;
  rolledUpTo: string;
}

export async function rollUpResults(
  db: Database,
  { timeZone, rawDays, now = new Date() }: RollupOptions,
): Promise<RollupSummary> {
  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    await run.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_KEY})`);
    const upto = new Date(now.getTime() - ROLLUP_LAG_MS).toISOString();
    const [state] = await queryRows<{ mark: string | null; cutoff: string }>(
      run,
      sql`select (${rolledUpTo()})::text as mark, ${rawCutoff(now, rawDays, timeZone)}::text as cutoff`,
    );
    const mark = state?.mark ?? "1970-01-01T00:00:00Z";
    const cutoff = state!.cutoff;

    // Hours (UTC) and days (site time) that gained events since the last run, within the raw window.
    const hours = await queryRows<{ hour: string }>(
      run,
      sql`select distinct h::text as hour from (
            select date_trunc('hour', started_at, 'UTC') as h from kiosk_plays
              where received_at > ${mark}::timestamptz and received_at <= ${upto}::timestamptz
            union
            select date_trunc('hour', scanned_at, 'UTC') from ad_scans
              where scanned_at > ${mark}::timestamptz and scanned_at <= ${upto}::timestamptz
          ) touched where h >= ${cutoff}::timestamptz`,
    );
    // Site days that gained plays or scans since the last run (all of them, the first time the daily rows run).
    const [daily] = await queryRows<{ built: boolean }>(
      run,
      sql`select exists (select 1 from results_rollup_marks where name = ${DAILY_MARK}) as built`,
    );
    const since = daily?.built ? mark : "-infinity";
    const playDays = await queryRows<{ day: string }>(
      run,
      sql`select distinct d::text as day from (
            select (started_at at time zone ${timeZone})::date as d from kiosk_plays
              where received_at > ${since}::timestamptz and received_at <= ${upto}::timestamptz
                and started_at >= ${cutoff}::timestamptz
            union
            select (scanned_at at time zone ${timeZone})::date from ad_scans
              where scanned_at > ${since}::timestamptz and scanned_at <= ${upto}::timestamptz
                and scanned_at >= ${cutoff}::timestamptz
          ) touched`,
    );
    const days = await queryRows<{ day: string }>(
      run,
      sql`select distinct (at at time zone ${timeZone})::date::text as day from listing_events
          where at > ${mark}::timestamptz and at <= ${upto}::timestamptz and at >= ${cutoff}::timestamptz`,
    );

    if (hours.length > 0) {
      const list = JSON.stringify(hours.map((row) => row.hour));
      // `= any(array(…))`, not `in (…)`: the planner then walks the hour index instead of scanning every row.
      await run.execute(sql`delete from ad_hourly_results
        where hour = any(array(select value::timestamptz from json_array_elements_text(${list}::json)))`);
      await run.execute(sql`
        with touched as (select value::timestamptz as hour from json_array_elements_text(${list}::json)),
        events as (
          select coalesce(p.ad_id, ${NIL_UUID}::uuid) as ad_id, t.hour, p.kiosk_id, 1 as plays,
                 p.completed::int as completed,
                 greatest(0, least(extract(epoch from (p.ended_at - p.started_at)) * 1000, ${MAX_PLAY_MS}))::bigint
                   as screen_ms,
                 0 as scans
          from touched t
          join kiosk_plays p on p.started_at >= t.hour and p.started_at < t.hour + interval '1 hour'
                            and p.received_at <= ${upto}::timestamptz
          union all
          select s.ad_id, t.hour, coalesce(s.kiosk_id, ${NIL_UUID}::uuid), 0, 0, 0, 1
          from touched t
          join ad_scans s on s.scanned_at >= t.hour and s.scanned_at < t.hour + interval '1 hour'
                         and s.scanned_at <= ${upto}::timestamptz
        )
        insert into ad_hourly_results (ad_id, hour, kiosk_id, plays, completed_plays, screen_ms, scans)
        select ad_id, hour, kiosk_id, sum(plays), sum(completed), sum(screen_ms), sum(scans)
        from events group by ad_id, hour, kiosk_id`);
    }

    if (days.length > 0) {
      const list = JSON.stringify(days.map((row) => row.day));
      await run.execute(sql`delete from business_daily_results
        where day = any(array(select value::date from json_array_elements_text(${list}::json)))`);
      await run.execute(sql`
        with touched as (select value::date as day from json_array_elements_text(${list}::json))
        insert into business_daily_results
          (business_id, day, views, unique_views, calls, websites, emails, directions)
        select e.business_id, t.day,
               count(*) filter (where e.kind = 'view'),
               count(distinct coalesce(e.visitor_hash, e.id::text)) filter (where e.kind = 'view'),
               count(*) filter (where e.kind = 'call'),
               count(*) filter (where e.kind = 'website'),
               count(*) filter (where e.kind = 'email'),
               count(*) filter (where e.kind = 'directions')
        from touched t
        join listing_events e on e.at >= (t.day::timestamp at time zone ${timeZone})
                             and e.at < ((t.day + 1)::timestamp at time zone ${timeZone})
                             and e.at <= ${upto}::timestamptz
        group by e.business_id, t.day`);
    }

    if (!daily?.built) {
      // The first run with daily rows: days before the raw window exist only as hourly rows, so they are summed from
      // those (hours grouped by the site day they start in). Days inside the window are recounted from raw below.
      await run.execute(sql`
        with hourly as (
          select r.*, (r.hour at time zone ${timeZone})::date as day from ad_hourly_results r
          where r.hour < ${cutoff}::timestamptz
        ),
        kiosk_rows as (
          insert into kiosk_daily_results (kiosk_id, day, plays, ad_plays, scans)
          select kiosk_id, day, sum(plays),
                 coalesce(sum(plays) filter (where ad_id <> ${NIL_UUID}::uuid), 0), sum(scans)
          from hourly group by kiosk_id, day
          on conflict (kiosk_id, day) do nothing
        )
        insert into ad_daily_results (ad_id, day, plays, completed_plays, screen_ms, scans)
        select ad_id, day, sum(plays), sum(completed_plays), sum(screen_ms), sum(scans)
        from hourly
        group by ad_id, day
        on conflict (ad_id, day) do nothing`);
    }

    if (playDays.length > 0) {
      const list = JSON.stringify(playDays.map((row) => row.day));
      const touched = sql`(select value::date as day from json_array_elements_text(${list}::json))`;
      await run.execute(
        sql`delete from kiosk_daily_results where day = any(array(select day from ${touched} t))`,
      );
      await run.execute(
        sql`delete from ad_daily_results where day = any(array(select day from ${touched} t))`,
      );
      // One pass over the days' raw events feeds both tables.
      await run.execute(sql`
        with bounds as (
          select day, (day::timestamp at time zone ${timeZone}) as from_ts,
                 ((day + 1)::timestamp at time zone ${timeZone}) as to_ts
          from ${touched} t
        ),
        events as materialized (
          select p.kiosk_id, coalesce(p.ad_id, ${NIL_UUID}::uuid) as ad_id, b.day, 1 as plays,
                 (p.ad_id is not null)::int as ad_plays, p.completed::int as completed,
                 greatest(0, least(extract(epoch from (p.ended_at - p.started_at)) * 1000, ${MAX_PLAY_MS}))::bigint
                   as screen_ms,
                 0 as scans
          from bounds b
          join kiosk_plays p on p.started_at >= b.from_ts and p.started_at < b.to_ts
                            and p.received_at <= ${upto}::timestamptz
          union all
          select coalesce(s.kiosk_id, ${NIL_UUID}::uuid), s.ad_id, b.day, 0, 0, 0, 0, 1
          from bounds b
          join ad_scans s on s.scanned_at >= b.from_ts and s.scanned_at < b.to_ts
                         and s.scanned_at <= ${upto}::timestamptz
        ),
        kiosk_rows as (
          insert into kiosk_daily_results (kiosk_id, day, plays, ad_plays, scans)
          select kiosk_id, day, sum(plays), sum(ad_plays), sum(scans) from events group by kiosk_id, day
        )
        insert into ad_daily_results (ad_id, day, plays, completed_plays, screen_ms, scans)
        select ad_id, day, sum(plays), sum(completed), sum(screen_ms), sum(scans)
        from events
        group by ad_id, day`);
    }
    if (!daily?.built) {
      await run.execute(sql`insert into results_rollup_marks (name, rolled_up_to)
        values (${DAILY_MARK}, ${upto}::timestamptz) on conflict (name) do nothing`);
    }

    await run.execute(sql`
      insert into results_rollup_marks (name, rolled_up_to) values (${MARK}, ${upto}::timestamptz)
      on conflict (name) do update set rolled_up_to = greatest(results_rollup_marks.rolled_up_to, excluded.rolled_up_to),
                                       updated_at = now()`);

    // Past the raw window only the roll-ups remain. A play is deleted only once it is behind the mark.
    const purged = await queryRows<{ n: number }>(
      run,
      sql`with plays as (
            delete from kiosk_plays where started_at < ${cutoff}::timestamptz and received_at <= ${upto}::timestamptz
            returning 1),
          scans as (delete from ad_scans where scanned_at < ${cutoff}::timestamptz returning 1),
          views as (delete from listing_events where at < ${cutoff}::timestamptz returning 1)
          select ((select count(*) from plays) + (select count(*) from scans) + (select count(*) from views))::int as n`,
    );
    return {
      hours: hours.length,
      days: days.length,
      playDays: playDays.length,
      purged: purged[0]?.n ?? 0,
      rolledUpTo: upto,
    };
  });
}

export interface RollupSchedule {
  timeZone: string;
  rawDays: number;
  everySeconds: number;
}

/** Queues the roll-up run of `period` (ms since the epoch / the roll-up interval), unless one is queued. */
function queueRollup(db: Database, period: number, runAt?: Date): Promise<string> {
  return enqueue(db, resultsRollupJob, {}, { runAt, dedupeKey: `period:${period}` });
}

/**
 * Queues the roll-up run of the current period unless one is queued: at start-up, by every instance. Runs of the
 * same period share a dedupe key, so instances starting together queue it once.
 */
export async function scheduleResultsRollup(db: Database, everySeconds: number, now = new Date()) {
  await queueRollup(db, Math.floor(now.getTime() / (everySeconds * 1000)));
}

interface RollupDeps {
  db: Database;
  logger: Pick<Logger, "info" | "debug">;
  schedule: RollupSchedule;
}

/** The job: queues the next period's run first (so a failing run never ends the chain), then rolls up. */
export const resultsRollupJob = defineJob({
  kind: RESULTS_ROLLUP_JOB,
  payload: z.object({}),
  maxAttempts: 3,
  leaseSeconds: 300,
  concurrency: 1,
  async run(_payload, _job, { db, logger, schedule }: RollupDeps) {
    const everyMs = schedule.everySeconds * 1000;
    const next = (Math.floor(Date.now() / everyMs) + 1) * everyMs;
    await queueRollup(db, next / everyMs, new Date(next));
    const summary = await rollUpResults(db, { timeZone: schedule.timeZone, rawDays: schedule.rawDays });
    if (summary.hours || summary.days || summary.purged) logger.info(summary, "results rolled up");
    else logger.debug(summary, "results rolled up");
  },
});

/** The roll-up job with what it needs from the server, for the job runner. */
export function createResultsRollup(deps: RollupDeps): RunnableJob {
  return runnableJob(resultsRollupJob, deps);
}
