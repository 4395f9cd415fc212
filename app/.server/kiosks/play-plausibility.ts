import { isScheduledLocally, localTime, type AdTiming, type LocalTime } from "~/lib/ad-schedule";
import { PLAY_REFUSAL_REASONS, type PlayRefusalReason } from "~/lib/kiosk-schemas";

// Whether a screen could have shown what it says it showed (docs/security.md#proof-of-play). A device token lives
// in a browser in someone else's shop, so a play is a claim: it is stored only when that kiosk was served the item,
// the item's dates and windows (as served, in the kiosk's zone) cover its start, it lasts no longer than the item
// stays on screen, and it overlaps no other play of the screen. The checks here run in memory over one batch;
// the overlap with stored plays is checked by the insert itself (play-ingest.ts).

export const REFUSAL_REASONS = Object.keys(PLAY_REFUSAL_REASONS) as PlayRefusalReason[];
export type RefusalReason = PlayRefusalReason;
export type RefusalCounts = Record<RefusalReason, number>;

/** How far a screen's corrected clock may be from the server's: the offset's error, a little drift offline. */
export const CLOCK_SKEW_MS = 60_000;
/** A screen keeps playing its old manifest while it downloads the files of the one that replaced it. */
export const WITHDRAWN_GRACE_MS = 10 * 60_000;
/** Each play holds the screen at least this long, so no number of instant plays fits into a second. */
export const MIN_PLAY_SLOT_MS = 1_000;
/**
 * No play is plausibly longer than this (the longest item, a 30-second video, is 38 s with its stall cut-off and
 * slack): the overlap check looks this far back among stored plays, so it stays an index range.
 */
export const MAX_PLAY_SPAN_MS = 5 * 60_000;

export function noRefusals(): RefusalCounts {
  return Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as RefusalCounts;
}

export interface CandidatePlay {
  id: string;
  adId: string | null;
  /** The item's key (`house:free-kiosk`), when the screen said which item it was. */
  itemKey: string | null;
  startedAt: number;
  endedAt: number;
  completed: boolean;
}

/** A refused play of a batch, by id: counted once however often its batch is sent (play-ingest.ts). */
export interface RefusedPlay {
  id: string;
  reason: RefusalReason;
}

/** A served row (kiosk_served_items) as the check reads it; times in ms. */
export interface ServedRow {
  itemKey: string;
  adId: string | null;
  maxMs: number;
  timing: AdTiming;
  timeZone: string;
  firstServedAt: number;
  withdrawnAt: number | null;
}

export interface PlaysContext {
  served: ServedRow[];
  /** When the kiosk's current screen was paired (null: none is). */
  pairedAt: number | null;
  now: number;
}

/** Why this play is implausible, before looking at other plays; null when it may be stored. */
function refusalOf(
  play: CandidatePlay,
  context: PlaysContext,
  localAt: (instant: number, timeZone: string) => LocalTime,
): RefusalReason | null {
  if (play.endedAt > context.now + CLOCK_SKEW_MS) return "future";
  if (context.pairedAt === null || play.startedAt < context.pairedAt - CLOCK_SKEW_MS) return "before-pairing";
  const served = context.served.filter(
    (row) =>
      (play.adId
        ? row.adId === play.adId
        : row.adId === null && (play.itemKey === null || row.itemKey === play.itemKey)) &&
      play.startedAt >= row.firstServedAt - CLOCK_SKEW_MS &&
      (row.withdrawnAt === null || play.startedAt < row.withdrawnAt + WITHDRAWN_GRACE_MS),
  );
  if (served.length === 0) return "not-served";
  const scheduled = served.filter((row) =>
    isScheduledLocally(row.timing, localAt(play.startedAt, row.timeZone)),
  );
  if (scheduled.length === 0) return "off-schedule";
  const duration = play.endedAt - play.startedAt;
  if (!scheduled.some((row) => duration <= Math.min(row.maxMs, MAX_PLAY_SPAN_MS))) return "too-long";
  return null;
}

/** The end of the time a play holds the screen. */
export function slotEnd(play: Pick<CandidatePlay, "startedAt" | "endedAt">): number {
  return Math.max(play.endedAt, play.startedAt + MIN_PLAY_SLOT_MS);
}

/**
 * Splits a batch (already free of malformed and duplicate plays) into the plays that may be stored and the counts
 * of the others by reason. Of plays overlapping each other, the earliest is kept.
 */
export function judgePlays(
  plays: CandidatePlay[],
  context: PlaysContext,
): { accepted: CandidatePlay[]; refused: RefusalCounts; refusedIds: RefusedPlay[] } {
  const refused = noRefusals();
  const refusedIds: RefusedPlay[] = [];
  const plausible: CandidatePlay[] = [];
  // A batch's plays are mostly a few minutes of one screen: the time in its zone is worked out once a minute (the
  // zone's reading costs most of the checks). Every zone's offset has been whole minutes since 1972, long before
  // any pairing, so a play and the start of its minute share their date, weekday and minute there.
  const locals = new Map<string, LocalTime>();
  const localAt = (instant: number, timeZone: string) => {
    const minute = Math.floor(instant / 60_000) * 60_000;
    const key = `${minute} ${timeZone}`;
    let local = locals.get(key);
    if (!local) locals.set(key, (local = localTime(new Date(minute), timeZone)));
    return local;
  };
  for (const play of plays) {
    const reason = refusalOf(play, context, localAt);
    if (reason) {
      refused[reason]++;
      refusedIds.push({ id: play.id, reason });
    } else plausible.push(play);
  }
  plausible.sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1));
  const accepted: CandidatePlay[] = [];
  let screenFreeAt = -Infinity;
  for (const play of plausible) {
    if (play.startedAt < screenFreeAt) {
      refused.overlap++;
      refusedIds.push({ id: play.id, reason: "overlap" });
      continue;
    }
    accepted.push(play);
    screenFreeAt = slotEnd(play);
  }
  return { accepted, refused, refusedIds };
}
