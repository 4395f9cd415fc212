import { sql } from "drizzle-orm";
import { PlaySchema } from "~/lib/kiosk-schemas";
import { queryRows, type Database } from "../infra/db/client";
import {
  judgePlays,
  MAX_PLAY_SPAN_MS,
  MIN_PLAY_SLOT_MS,
  noRefusals,
  WITHDRAWN_GRACE_MS,
  type CandidatePlay,
  type RefusalCounts,
  type ServedRow,
} from "./play-plausibility";

// POST /api/kiosk/plays (docs/product.md#proof-of-play; why a play is a claim to check: docs/security.md#proof-of-play).
// Per batch, in one transaction: a lock on the kiosk (so two batches sent at once cannot each miss the other's
// plays) with one read (the kiosk's pairing, what it was served), the checks in memory, one statement that inserts
// the plays overlapping no stored play, and, when any play was refused, one that counts the refusals.

/** Any fixed 32-bit number: the class of the per-kiosk advisory locks of play ingest. */
const PLAYS_LOCK_CLASS = 730_120_266;

export interface PlaysReply {
  stored: number;
  duplicates: number;
  /** Plays that were malformed or named another kiosk: not stored. */
  ignored: number;
  /** Well-formed plays this screen could not have made, by reason: not stored, counted on /admin/kiosks. */
  refused: RefusalCounts;
}

interface BatchContext {
  paired_at: string | null;
  served: {
    itemKey: string;
    adId: string | null;
    maxMs: number;
    timing: ServedRow["timing"];
    timeZone: string;
    firstServedAt: string;
    withdrawnAt: string | null;
  }[];
}

/**
 * Stores the plausible plays of a batch for the token's kiosk, each UUID once however often the batch is sent
 * again. Every play is answered: stored, duplicate, ignored (malformed, another kiosk's) or refused by reason, so
 * the screen forgets the whole batch and never sends an implausible play again.
 */
export async function recordPlays(
  db: Database,
  kioskId: string,
  plays: unknown[],
  now = new Date(),
): Promise<PlaysReply> {
  const kiosk = kioskId.toLowerCase();
  const candidates = new Map<string, CandidatePlay>();
  let ignored = 0;
  let repeated = 0;
  for (const candidate of plays) {
    const parsed = PlaySchema.safeParse(candidate);
    if (
      !parsed.success ||
      (parsed.data.kioskId !== undefined && parsed.data.kioskId.toLowerCase() !== kiosk)
    ) {
      ignored++;
      continue;
    }
    const play = parsed.data;
    const id = play.id.toLowerCase();
    if (candidates.has(id)) {
      repeated++;
      continue;
    }
    candidates.set(id, {
      id,
      adId: play.adId?.toLowerCase() ?? null,
      itemKey: play.adId || !play.itemId ? null : play.itemId.replace(/:\d+$/, ""),
      startedAt: Date.parse(play.startedAt),
      endedAt: Date.parse(play.endedAt),
      completed: play.completed,
    });
  }
  if (candidates.size === 0) return { stored: 0, duplicates: repeated, ignored, refused: noRefusals() };

  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    const earliest = Math.min(...[...candidates.values()].map((play) => play.startedAt));
    const adIds = JSON.stringify([...new Set([...candidates.values()].flatMap((play) => play.adId ?? []))]);
    const [context] = await queryRows<BatchContext>(
      run,
      // The lock is taken here, with the read: what it guards is the overlap check of the insert below, a later
      // statement, which sees every play committed before the lock was granted.
      sql`select pg_advisory_xact_lock(${PLAYS_LOCK_CLASS}, hashtext(${kiosk})) is null as locked,
            k.paired_at::text as paired_at,
            coalesce((select json_agg(json_build_object(
                'itemKey', s.item_key, 'adId', s.ad_id, 'maxMs', s.max_ms, 'timing', s.timing,
                'timeZone', s.time_zone, 'firstServedAt', s.first_served_at, 'withdrawnAt', s.withdrawn_at))
              from kiosk_served_items s
              where s.kiosk_id = k.id
                and (s.ad_id is null or s.ad_id = any(array(select value::uuid from json_array_elements_text(${adIds}::json))))
                and (s.withdrawn_at is null
                or s.withdrawn_at > ${new Date(earliest - WITHDRAWN_GRACE_MS).toISOString()}::timestamptz)
            ), '[]'::json) as served
          from kiosks k where k.id = ${kiosk}::uuid`,
    );
    // A play sent again is judged like the first time (it passes again) and found known by the insert.
    const { accepted, refused } = judgePlays([...candidates.values()], {
      pairedAt: context?.paired_at ? Date.parse(context.paired_at) : null,
      now: now.getTime(),
      served: (context?.served ?? []).map((row) => ({
        ...row,
        firstServedAt: Date.parse(row.firstServedAt),
        withdrawnAt: row.withdrawnAt ? Date.parse(row.withdrawnAt) : null,
      })),
    });
    const [written] = accepted.length
      ? await queryRows<{ stored: number; clear: number }>(run, insertClearOfOverlaps(kiosk, accepted))
      : [];
    const clear = written?.clear ?? 0;
    refused.overlap += accepted.length - clear;
    if (Object.values(refused).some((n) => n > 0)) await run.execute(countRefusals(kiosk, refused, now));
    const stored = written?.stored ?? 0;
    return {
      stored,
      // Plays sent twice in the batch, and plays already stored (sent before, or by another batch meanwhile).
      duplicates: repeated + clear - stored,
      ignored,
      refused,
    };
  });
}

/**
 * Inserts the plays that overlap no stored play of the kiosk (each holds the screen at least MIN_PLAY_SLOT_MS;
 * only plays starting within MAX_PLAY_SPAN_MS before are looked at, a short index range), each UUID once.
 */
function insertClearOfOverlaps(kiosk: string, accepted: CandidatePlay[]) {
  const rows = JSON.stringify(
    accepted.map((play) => ({
      id: play.id,
      ad_id: play.adId,
      started_at: new Date(play.startedAt).toISOString(),
      ended_at: new Date(play.endedAt).toISOString(),
      completed: play.completed,
    })),
  );
  const slot = sql`(${MIN_PLAY_SLOT_MS} * interval '1 millisecond')`;
  return sql`
    with p as (
      select * from json_to_recordset(${rows}::json)
        as p(id uuid, ad_id uuid, started_at timestamptz, ended_at timestamptz, completed boolean)
    ),
    clear as (
      -- A probe per play (a scalar subquery, not NOT EXISTS, which the planner may turn into a join scanning every
      -- stored play of the kiosk). A play sent before is clear of itself, and then found known by its id.
      select p.* from p where (
        select 1 from kiosk_plays q
        where q.kiosk_id = ${kiosk}::uuid
          and q.started_at > p.started_at - (${MAX_PLAY_SPAN_MS} * interval '1 millisecond')
          and q.started_at < greatest(p.ended_at, p.started_at + ${slot})
          and greatest(q.ended_at, q.started_at + ${slot}) > p.started_at
          and q.id <> p.id
        limit 1) is null
    ),
    inserted as (
      insert into kiosk_plays (id, kiosk_id, ad_id, started_at, ended_at, completed)
      select id, ${kiosk}::uuid, ad_id, started_at, ended_at, completed from clear
      on conflict (id) do nothing
      returning id
    )
    select (select count(*) from inserted)::int as stored, (select count(*) from clear)::int as clear`;
}

/** Adds a batch's refusals to the kiosk's counters of the day (UTC). */
function countRefusals(kiosk: string, refused: RefusalCounts, now: Date) {
  const counts = JSON.stringify(
    Object.entries(refused)
      .filter(([, n]) => n > 0)
      .map(([reason, n]) => ({ reason, n })),
  );
  return sql`
    insert into kiosk_play_refusals (kiosk_id, day, reason, plays, last_at)
    select ${kiosk}::uuid, (${now.toISOString()}::timestamptz at time zone 'UTC')::date, reason, n,
           ${now.toISOString()}::timestamptz
    from json_to_recordset(${counts}::json) as r(reason text, n int)
    on conflict (kiosk_id, day, reason)
      do update set plays = kiosk_play_refusals.plays + excluded.plays, last_at = excluded.last_at`;
}
