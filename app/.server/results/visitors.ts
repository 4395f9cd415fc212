import { createHash, createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { isbot } from "isbot";
import { localTime } from "~/lib/ad-schedule";
import type { Database } from "../infra/db/client";
import { hitRateLimit, type RateLimitRule } from "../infra/rate-limit";

// Who a counted event belongs to (docs/product.md#results; docs/security.md, "Counters that mean people"): page
// views, contact actions and QR scans count once per visitor, listing (or ad) and day. The visitor is their network
// address, never anything else the request says: a User-Agent or a query string is the caller's to change on every
// request, an address is not. People behind one shared address (a shop's Wi-Fi, an office, a phone carrier's NAT)
// therefore count as one visitor a day per listing; that undercount is the price of a number that one script cannot
// inflate.

/** Counted events one address may add per window, across every listing and ad (repeats do not use it up). */
export const COUNTED_EVENTS_RULE: RateLimitRule = { window: 600, max: 20 };

/** Whether a request counts as a person: it names a browser that isbot does not recognise as a crawler. */
export function isCountedVisitor(userAgent: string | null): boolean {
  return Boolean(userAgent) && !isbot(userAgent);
}

/**
 * The part of an address that names one visitor: an IPv4 address as is, an IPv6 address by its /64 network (one
 * home or phone is given a whole /64 and may pick any address in it).
 */
export function visitorNetwork(clientIp: string): string {
  const ip = clientIp.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The visitor's hash for one day: HMAC of their network (visitorNetwork) under a key derived from AUTH_SECRET and
 * the day. The address itself is never stored, and tomorrow's hash of the same visitor differs.
 */
export function dailyVisitorHash(secret: string, day: string, clientIp: string): string {
  const dayKey = createHmac("sha256", secret).update(`scan-salt:${day}`).digest();
  return createHash("sha256")
    .update(dayKey)
    .update(visitorNetwork(clientIp))
    .digest("base64url")
    .slice(0, 22);
}

export interface CountedVisitor {
  /** The visitor's day in the site's time zone: the day of the unique key. */
  day: string;
  hash: string;
  /** The rate-limit counter this visitor's events share. */
  budgetKey: string;
}

/** The visitor a request stands for on `now`'s day in `timeZone`. */
export function countedVisitor(
  secret: string,
  timeZone: string,
  clientIp: string,
  now: Date,
): CountedVisitor {
  const day = localTime(now, timeZone).date;
  return {
    day,
    hash: dailyVisitorHash(secret, day, clientIp),
    budgetKey: `counted-events:${visitorNetwork(clientIp)}`,
  };
}

/** Thrown to undo an event that went over its visitor's budget (and the hit with it). */
class OverBudget extends Error {}

/**
 * Writes one counted event within the visitor's budget, in one transaction: `insert` (a single `insert … on conflict
 * do nothing` against the once-a-day unique index) answers whether a row was written; only then is a hit counted
 * on COUNTED_EVENTS_RULE, and an address over it has the event and the hit undone. So repeats cost one statement
 * and never use up the budget, parallel repeats cannot both insert (the unique index decides, waiting for the other
 * transaction when they race), and an address never has more than the rule's count of events in a window.
 */
export async function countWithinBudget(
  db: Database,
  visitor: CountedVisitor,
  insert: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      if (!(await insert(tx))) return false;
      const budget = await hitRateLimit(tx, visitor.budgetKey, COUNTED_EVENTS_RULE);
      if (!budget.allowed) throw new OverBudget();
      return true;
    });
  } catch (error) {
    if (error instanceof OverBudget) return false;
    throw error;
  }
}
