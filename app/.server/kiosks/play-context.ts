import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../infra/db/client";
import { WITHDRAWN_GRACE_MS, type RefusalCounts, type ServedRow } from "./play-plausibility";

// What play ingest checks a batch against (docs/security.md#proof-of-play): the kiosk's pairing and the items it was
// served. Read from the database and kept a short while per process (docs/decisions/074-plays-are-claims.md), so
// most batches of a screen cost no read. A cached context is only ever trusted to accept: a batch it would refuse
// any play of is judged again on a fresh read, so nobody's honest play is refused for what this process has not
// seen yet (an item another instance served). What could make it accept too much is bounded:
// - a withdrawal: a play may start up to WITHDRAWN_GRACE_MS after its item was withdrawn, and must have ended by
//   the server's time (give or take CLOCK_SKEW_MS); a context is used for at most half that grace after it was
//   read, so one read before a withdrawal accepts nothing the database would refuse;
// - a manifest served or a pairing made by this process: the kiosk's entry is dropped (`forget`);
// - a pairing made by another instance (PostgreSQL only): ingest reads the pairing with its lock on every batch.

/**
 * How long a context read from the database is used: well under WITHDRAWN_GRACE_MS less CLOCK_SKEW_MS (see above),
 * and longer than a screen's minute between uploads, so most of a fleet's batches find their kiosk's context.
 */
export const PLAY_CONTEXT_TTL_MS = WITHDRAWN_GRACE_MS / 2;
/** A context covers plays starting at least this long before it was needed (a screen's late batches). */
const COVERS_BACK_MS = 3600_000;
/** A context read for plays older than this (a screen back after weeks offline) is not kept. */
const KEEP_COVERING_MS = 7 * 24 * 3600_000;
const MAX_CACHED_KIOSKS = 20_000;

export interface PlayContext {
  /** When the kiosk's current screen was paired (ms; null: none is). */
  pairedAt: number | null;
  served: ServedRow[];
  /** Plays starting at or after this (ms) find every row that could cover them in `served`. */
  coversFrom: number;
}

/** Refusals a fresher context could turn into acceptances (not `future`, not overlaps). */
export function refusesOnContext(refused: RefusalCounts): boolean {
  return (
    refused["before-pairing"] + refused["not-served"] + refused["off-schedule"] + refused["too-long"] > 0
  );
}

/** Any fixed 32-bit number: the class of the per-kiosk advisory locks of play ingest. */
const PLAYS_LOCK_CLASS = 730_120_266;

/** Takes the kiosk's transaction-level lock of play ingest (PostgreSQL), as an expression (its value is null). */
export function kioskPlaysLock(kioskId: string) {
  return sql`pg_advisory_xact_lock(${PLAYS_LOCK_CLASS}, hashtext(${kioskId}))`;
}

/** The per-process cache of play contexts, one entry per kiosk. */
export class PlayContexts {
  private readonly entries = new Map<string, { context: PlayContext; readAt: number }>();
  /** Bumped by every `forget`, so a read that began before it cannot store what it saw. */
  private epoch = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The kiosk's context if it is fresh and covers plays from `earliest` on. */
  get(kioskId: string, earliest: number): PlayContext | undefined {
    const entry = this.entries.get(kioskId);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt >= PLAY_CONTEXT_TTL_MS) {
      this.entries.delete(kioskId);
      return undefined;
    }
    return entry.context.coversFrom <= earliest ? entry.context : undefined;
  }

  /** Reads the kiosk's context (see `readPlayContext`) and keeps it, unless the kiosk was forgotten meanwhile. */
  async read(
    db: Database,
    kioskId: string,
    { earliest, now, lock }: { earliest: number; now: number; lock?: boolean },
  ): Promise<PlayContext> {
    const epoch = this.epoch;
    const readAt = this.clock();
    const context = await readPlayContext(db, kioskId, Math.min(earliest, now - COVERS_BACK_MS), lock);
    // Rows withdrawn long ago are pruned when a manifest is served (served-items.ts): a context reaching that far
    // back is used for its batch only.
    if (epoch === this.epoch && context.coversFrom >= now - KEEP_COVERING_MS) {
      if (this.entries.size >= MAX_CACHED_KIOSKS) this.entries.delete(this.entries.keys().next().value!);
      this.entries.delete(kioskId);
      this.entries.set(kioskId, { context, readAt });
    }
    return context;
  }

  /** Drops the kiosk's entry: this process served it a manifest, or paired, unpaired or retired it. */
  forget(kioskId: string) {
    this.epoch++;
    this.entries.delete(kioskId.toLowerCase());
  }
}

/**
 * One statement: the kiosk's pairing and every served row that could cover a play starting at `coversFrom` or
 * later. With `lock` (PostgreSQL), the kiosk's lock of play ingest is taken in the same statement.
 */
async function readPlayContext(
  db: Database,
  kioskId: string,
  coversFrom: number,
  lock: boolean | undefined,
): Promise<PlayContext> {
  const [row] = await queryRows<{ paired_at: string | null; served: RawServedRow[] }>(
    db,
    sql`select ${lock ? sql`${kioskPlaysLock(kioskId)} is null as locked,` : sql``}
          k.paired_at::text as paired_at,
          coalesce((select json_agg(json_build_object(
              'itemKey', s.item_key, 'adId', s.ad_id, 'maxMs', s.max_ms, 'timing', s.timing,
              'timeZone', s.time_zone, 'firstServedAt', s.first_served_at, 'withdrawnAt', s.withdrawn_at))
            from kiosk_served_items s
            where s.kiosk_id = k.id
              and (s.withdrawn_at is null
                or s.withdrawn_at > ${new Date(coversFrom - WITHDRAWN_GRACE_MS).toISOString()}::timestamptz)
          ), '[]'::json) as served
        from kiosks k where k.id = ${kioskId}::uuid`,
  );
  return {
    pairedAt: row?.paired_at ? Date.parse(row.paired_at) : null,
    served: (row?.served ?? []).map((served) => ({
      ...served,
      firstServedAt: Date.parse(served.firstServedAt),
      withdrawnAt: served.withdrawnAt ? Date.parse(served.withdrawnAt) : null,
    })),
    coversFrom,
  };
}

type RawServedRow = Omit<ServedRow, "firstServedAt" | "withdrawnAt"> & {
  firstServedAt: string;
  withdrawnAt: string | null;
};
