import type { Database } from "../infra/db/client";
import { hitRateLimit, type RateLimitRule } from "../infra/rate-limit";

// Guessing on the device API (docs/product.md#kiosks, "Limits"): a wrong device token or pairing secret counts
// against the caller's address; a wrong pairing code (entered by an admin) against the address and the whole site.
// Right answers never count, so a paired fleet behind one shop router costs the limiter nothing.

/** Wrong device tokens or pairing secrets from one address. */
export const DEVICE_GUESS_RULE: RateLimitRule = { window: 600, max: 20 };
/** New pairing codes from one address: a waiting screen asks for one every 10 minutes. */
export const PAIRING_START_RULE: RateLimitRule = { window: 3600, max: 30 };
/**
 * Codes waiting for an admin, site-wide (expired and claimed ones aside). A shop brings up a screen or two at a
 * time; past this, new screens wait (429) until a code is claimed or expires, however many addresses ask, so nobody
 * can fill the code space or the admin's list with forwarded addresses.
 */
export const PENDING_PAIRINGS_CAP = 50;
/** Wrong pairing codes from one address. */
export const CODE_GUESS_RULE: RateLimitRule = { window: 600, max: 10 };
/** Wrong pairing codes from everyone together: what keeps the code space (31⁶) out of reach. */
export const CODE_GUESS_GLOBAL_RULE: RateLimitRule = { window: 600, max: 100 };

export interface GuessVerdict {
  allowed: boolean;
  retryAfter: number;
}

/**
 * Addresses that went over DEVICE_GUESS_RULE, remembered by this process until their window ends. A blocked
 * address's wrong tokens and secrets are refused (429) without counting, so a flood of guesses costs one indexed
 * lookup each and no writes; its right ones are still accepted, so nobody sharing an address with a screen can lock
 * the screen out (guessing a 256-bit secret is hopeless however long it runs). Other processes learn of the block
 * from the shared counter at their next wrong guess.
 */
export class DeviceGuessLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly rule: RateLimitRule = DEVICE_GUESS_RULE) {}

  /** Whether `ip` is blocked now (seconds left), without touching the database. */
  blocked(ip: string, now = Date.now()): GuessVerdict {
    const until = this.blockedUntil.get(ip);
    if (until === undefined) return { allowed: true, retryAfter: 0 };
    if (until <= now) {
      this.blockedUntil.delete(ip);
      return { allowed: true, retryAfter: 0 };
    }
    return { allowed: false, retryAfter: Math.ceil((until - now) / 1000) };
  }

  /**
   * Counts one wrong guess from `ip`; over the limit, the address is blocked for the rest of the window. A guess
   * from an address already blocked here is refused without touching the database.
   */
  async wrongGuess(db: Database, ip: string, now = Date.now()): Promise<GuessVerdict> {
    const blocked = this.blocked(ip, now);
    if (!blocked.allowed) return blocked;
    const result = await hitRateLimit(db, `kiosk-guess:${ip}`, this.rule);
    if (!result.allowed) {
      if (this.blockedUntil.size > 10_000) this.forgetExpired(now);
      this.blockedUntil.set(ip, now + result.retryAfter * 1000);
    }
    return result;
  }

  private forgetExpired(now: number) {
    for (const [ip, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(ip);
  }
}
