import { sql } from "drizzle-orm";
import { PlaySchema, REFUSED_PLAYS_DAYS } from "~/lib/kiosk-schemas";
import { queryRows, type Database } from "../infra/db/client";
import { kioskPlaysLock, refusesOnContext, type PlayContexts } from "./play-context";
import {
  judgePlays,
  MAX_PLAY_SPAN_MS,
  MIN_PLAY_SLOT_MS,
  noRefusals,
  slotEnd,
  type CandidatePlay,
  type RefusalCounts,
  type RefusedPlay,
} from "./play-plausibility";
import type { EndedPairing } from "./revoked-tokens";
import type { KioskRuntime } from "./runtime";

// POST /api/kiosk/plays (docs/product.md#proof-of-play; why a play is a claim to check: docs/security.md#proof-of-play).
// Per batch: the kiosk's pairing and what it was served (play-context.ts: cached per process, read when missing,
// stale or refusing), the checks in memory, one statement that inserts the plays overlapping no stored play, and,
// when any play was refused, one that counts the refusals. Two batches of one kiosk must not both pass the overlap
// check of the insert: on PGlite nothing else is needed, the insert being one statement on the one connection of
// the one process that owns the database (statements and transactions run one at a time there), so it sees every
// play stored before it. On PostgreSQL, batches run at once on several connections and instances: a transaction
// holds the kiosk's advisory lock from before the insert until commit. The lock must be its own earlier statement
// (or ride on the read): in READ COMMITTED a statement's snapshot is taken before any lock it waits for, so an
// insert that took the lock itself would not see the plays of the batch it waited for.

export interface PlaysReply {
  stored: number;
  duplicates: number;
  /** Plays that were malformed, named another kiosk, or (a revoked token's) started after the unpair: not stored. */
  ignored: number;
  /** Well-formed plays this screen could not have made, by reason: not stored, counted on /admin/kiosks. */
  refused: RefusalCounts;
}

/** What ingest needs of the kiosk runtime (runtime.ts): the database, its engine, the cached play contexts. */
export type PlayIngest = Pick<KioskRuntime, "db" | "dbKind" | "playContexts">;

/**
 * Stores the plausible plays of a batch for the token's kiosk, each UUID once however often the batch is sent
 * again. Every play is answered: stored, duplicate, ignored (malformed, another kiosk's) or refused by reason, so
 * the screen forgets the whole batch and never sends an implausible play again.
 */
export async function recordPlays(
  runtime: PlayIngest,
  kioskId: string,
  plays: unknown[],
  now = new Date(),
  ended?: EndedPairing,
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
    // A revoked token's plays count only within the pairing it ended (revoked-tokens.ts); the screen played on
    // until it heard of the unpair, an honest screen's plays, so they are not flagged as refused.
    if (ended && Date.parse(play.startedAt) >= ended.revokedAt) {
      ignored++;
      continue;
    }
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

  const batch = { kiosk, plays: [...candidates.values()], now, pairedAt: ended?.pairedAt };
  const { stored, clear, refused } =
    runtime.dbKind === "pglite"
      ? await judgeAndStore(runtime.db, runtime.playContexts, batch, { locked: true })
      : await runtime.db.transaction((tx) =>
          judgeAndStore(tx as unknown as Database, runtime.playContexts, batch, { locked: false }),
        );
  return {
    stored,
    // Plays sent twice in the batch, and plays already stored (sent before, or by another batch meanwhile).
    duplicates: repeated + clear - stored,
    ignored,
    refused,
  };
}

/**
 * Judges the batch against the kiosk's context and stores what passes. `locked: false` (PostgreSQL, in a
 * transaction): take the kiosk's lock first, with the pairing (a cached context is used only for the same
 * pairing) or with the read of the whole context.
 */
async function judgeAndStore(
  run: Database,
  contexts: PlayContexts,
  { kiosk, plays, now, pairedAt }: { kiosk: string; plays: CandidatePlay[]; now: Date; pairedAt?: number },
  { locked }: { locked: boolean },
) {
  const earliest = Math.min(...plays.map((play) => play.startedAt));
  // An ended pairing's batch (rare: one per unpaired screen) is judged on a fresh read, by that pairing.
  let context = pairedAt === undefined ? contexts.get(kiosk, earliest) : undefined;
  if (context && !locked) {
    const [pairing] = await queryRows<{ paired_at: string | null }>(
      run,
      sql`select ${kioskPlaysLock(kiosk)} is null as locked,
            (select paired_at::text from kiosks where id = ${kiosk}::uuid) as paired_at`,
    );
    locked = true;
    if ((pairing?.paired_at ? Date.parse(pairing.paired_at) : null) !== context.pairedAt) context = undefined;
  }
  // A play sent again is judged like the first time (it passes again) and found known by the insert.
  let judged = context && judgePlays(plays, { ...context, now: now.getTime() });
  if (!judged || refusesOnContext(judged.refused)) {
    context = await contexts.read(run, kiosk, { earliest, now: now.getTime(), lock: !locked });
    judged = judgePlays(plays, { ...context, pairedAt: pairedAt ?? context.pairedAt, now: now.getTime() });
  }
  const { accepted, refused, refusedIds } = judged;
  const [written] = accepted.length
    ? await queryRows<{ stored: number; clear: number; overlapping: string[] | null }>(
        run,
        insertClearOfOverlaps(kiosk, accepted),
      )
    : [];
  const clear = written?.clear ?? 0;
  refused.overlap += accepted.length - clear;
  for (const id of written?.overlapping ?? []) refusedIds.push({ id, reason: "overlap" });
  if (refusedIds.length > 0) await run.execute(countRefusals(kiosk, refusedIds, now));
  return { stored: written?.stored ?? 0, clear, refused };
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
  const first = Math.min(...accepted.map((play) => play.startedAt));
  const last = Math.max(...accepted.map(slotEnd));
  return sql`
    with p as (
      select * from json_to_recordset(${rows}::json)
        as p(id uuid, ad_id uuid, started_at timestamptz, ended_at timestamptz, completed boolean)
    ),
    reach as (
      -- Where a stored play overlapping any of the batch can start, at the earliest: one range of the index for the
      -- batch. None for a batch after everything stored (a screen's usual one), so the probes below find nothing.
      select min(q.started_at) as started_at from kiosk_plays q
      where q.kiosk_id = ${kiosk}::uuid
        and q.started_at > ${new Date(first - MAX_PLAY_SPAN_MS).toISOString()}::timestamptz
        and q.started_at < ${new Date(last).toISOString()}::timestamptz
        and greatest(q.ended_at, q.started_at + ${slot}) > ${new Date(first).toISOString()}::timestamptz
    ),
    clear as (
      -- A probe per play (a scalar subquery, not NOT EXISTS, which the planner may turn into a join scanning every
      -- stored play of the kiosk), from that earliest start. A play sent before is clear of itself, and then found
      -- known by its id.
      select p.* from p where (
        select 1 from kiosk_plays q
        where q.kiosk_id = ${kiosk}::uuid
          and q.started_at >= (select started_at from reach)
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
    select (select count(*) from inserted)::int as stored, (select count(*) from clear)::int as clear,
           (select array_agg(p.id::text) from p where p.id not in (select id from clear)) as overlapping`;
}

/** How long a refused play's id is remembered: longer than the fleet page shows refusals, and any screen's retries. */
const REFUSED_IDS_KEPT_DAYS = REFUSED_PLAYS_DAYS + 1;

/**
 * Adds a batch's refusals to the kiosk's counters of the day (UTC), each play id once: a batch sent again because
 * its answer was lost adds nothing. The kiosk's ids older than the days shown are dropped in the same statement.
 */
function countRefusals(kiosk: string, refusedIds: RefusedPlay[], now: Date) {
  const rows = JSON.stringify(refusedIds);
  const at = now.toISOString();
  return sql`
    with r as (select * from json_to_recordset(${rows}::json) as r(id uuid, reason text)),
    pruned as (
      delete from kiosk_refused_plays
      where kiosk_id = ${kiosk}::uuid
        and refused_at < ${at}::timestamptz - (${REFUSED_IDS_KEPT_DAYS} * interval '1 day')
    ),
    fresh as (
      insert into kiosk_refused_plays (kiosk_id, id, refused_at)
      select ${kiosk}::uuid, id, ${at}::timestamptz from r
      on conflict (kiosk_id, id) do nothing
      returning id
    )
    insert into kiosk_play_refusals (kiosk_id, day, reason, plays, last_at)
    select ${kiosk}::uuid, (${at}::timestamptz at time zone 'UTC')::date, r.reason, count(*)::int,
           ${at}::timestamptz
    from r join fresh on fresh.id = r.id
    group by r.reason
    on conflict (kiosk_id, day, reason)
      do update set plays = kiosk_play_refusals.plays + excluded.plays, last_at = excluded.last_at`;
}
