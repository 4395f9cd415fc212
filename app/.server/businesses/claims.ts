import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Viewer } from "../auth/guards";
import type { Database } from "../infra/db/client";
import { businessClaims, businesses, users } from "../infra/db/schema";
import { MAIL_JOB } from "../infra/mail/delivery";
import { enqueueEmail } from "../infra/mail/outbox";
import { hitRateLimit, refundRateLimit } from "../infra/rate-limit";
import { logger } from "../infra/logging/logger";
import type { Services } from "../services";
import { claimableColumn, isPublished } from "./directory";

// Claims (docs/product.md#claims): a listing an admin made for a business with no account is taken over by the
// person who runs it. With the listing's email address, a code sent there proves it; without one, an admin decides.
// Every request is rate limited and logged; the claimant becomes the owner and the listing shows "Verified owner".

/** Claims a person may start per hour (all listings together), and code guesses per claim. */
export const CLAIM_RATE = { window: 3600, max: 5 };
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Claim codes emailed to one listing per hour, whoever asks: several accounts must not flood the listing's inbox.
 * Someone filling it keeps the real owner waiting an hour at most; the codes already sent still work.
 */
export const CLAIM_EMAILS_PER_LISTING = { window: 3600, max: 3 };
/**
 * Wrong codes typed on one listing per hour, whichever accounts type them (each account's claim allows
 * MAX_CODE_ATTEMPTS of its own). Only a wrong code uses one up: a right one, or a check by someone with no live
 * claim, gives its hit back, so a signed-in stranger cannot lock the listing.
 */
export const CLAIM_CODE_CHECKS_PER_LISTING = { window: 3600, max: 10 };
const CODE_LIFETIME_MS = 30 * 60_000;

export const CLAIM_MESSAGES = {
  notClaimable: "This listing cannot be claimed.",
  rateLimited: "Too many claims. Please try again in an hour.",
  listingRateLimited: "Too many claim codes were asked for on this listing. Please try again in an hour.",
  tooManyChecks: "Too many codes were tried on this listing. Please try again in an hour.",
  wrongCode: "That code is not right. Check the email and try again.",
  expired: "That code has expired or was tried too often. Ask for a new one.",
} as const;

type ClaimViewer = Pick<Viewer, "id" | "isAdmin">;

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** The viewer's open claim on a listing, for the business page: none, a code to type, or waiting for an admin. */
export async function claimStateFor(
  db: Database,
  viewer: ClaimViewer,
  businessId: string,
): Promise<"none" | "code-sent" | "awaiting-admin"> {
  if (!isUuid(businessId)) return "none";
  const [claim] = await db
    .select({
      method: businessClaims.method,
      expires: businessClaims.codeExpiresAt,
      attempts: businessClaims.attempts,
    })
    .from(businessClaims)
    .where(
      and(
        eq(businessClaims.businessId, businessId),
        eq(businessClaims.userId, viewer.id),
        eq(businessClaims.status, "pending"),
      ),
    )
    .orderBy(desc(businessClaims.createdAt))
    .limit(1);
  if (!claim) return "none";
  if (claim.method === "admin") return "awaiting-admin";
  return claim.expires && claim.expires > new Date() && claim.attempts < MAX_CODE_ATTEMPTS
    ? "code-sent"
    : "none";
}

export type ClaimRequestResult =
  | { ok: true; method: "email"; sentTo: string }
  | { ok: true; method: "admin" }
  | { ok: false; status: 404 | 429; message: string };

/** "p***@example.com": where the code went, without showing the whole address to whoever asks. */
function maskEmail(email: string) {
  const [local, domain] = email.split("@");
  return `${local!.slice(0, 1)}***@${domain}`;
}

/**
 * A signed-in person asks to claim a listing. Only a published, claimable listing answers; anything else is 404.
 * With the listing's email a fresh six-digit code goes there (an earlier open code is replaced); without one the
 * claim waits for an admin.
 */
export async function requestClaim(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: ClaimViewer,
  businessId: string,
): Promise<ClaimRequestResult> {
  if (!isUuid(businessId)) return { ok: false, status: 404, message: CLAIM_MESSAGES.notClaimable };
  const limit = await hitRateLimit(db, `claim:${viewer.id}`, CLAIM_RATE);
  if (!limit.allowed) {
    logger.warn({ userId: viewer.id, businessId }, "claim refused: rate limited");
    return { ok: false, status: 429, message: CLAIM_MESSAGES.rateLimited };
  }
  const result = await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ name: businesses.name, email: businesses.email, claimable: claimableColumn() })
      .from(businesses)
      .where(and(eq(businesses.id, businessId), isPublished()))
      .for("update", { of: businesses });
    if (!listing?.claimable) return { ok: false, status: 404, message: CLAIM_MESSAGES.notClaimable } as const;
    if (listing.email) {
      // Counted in this transaction, under the listing's row lock: accounts racing each other cannot pass it.
      const perListing = await hitRateLimit(
        tx as unknown as Database,
        `claim-email:${businessId}`,
        CLAIM_EMAILS_PER_LISTING,
      );
      if (!perListing.allowed) {
        return { ok: false, status: 429, message: CLAIM_MESSAGES.listingRateLimited } as const;
      }
    }
    // One open claim per person and listing: a new request replaces the old one.
    await tx
      .update(businessClaims)
      .set({ status: "rejected", decidedAt: new Date(), message: "replaced by a newer request" })
      .where(
        and(
          eq(businessClaims.businessId, businessId),
          eq(businessClaims.userId, viewer.id),
          eq(businessClaims.status, "pending"),
        ),
      );
    if (!listing.email) {
      await tx.insert(businessClaims).values({ businessId, userId: viewer.id, method: "admin" });
      return { ok: true, method: "admin" } as const;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await tx.insert(businessClaims).values({
      businessId,
      userId: viewer.id,
      method: "email",
      codeHash: hashCode(code),
      codeExpiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    });
    await enqueueEmail(tx, {
      to: listing.email,
      subject: `Your Local Shine claim code for ${listing.name}`,
      text: `Someone signed in to Local Shine asked to manage the listing "${listing.name}" (${env.APP_URL}/business/${businessId}).\n\nIf that was you, enter this code on the listing's page: ${code}\n\nIt works for 30 minutes. If it was not you, ignore this email: nothing changes without the code.\n\nThe Local Shine team`,
      reference: `business:${businessId}`,
    });
    return { ok: true, method: "email", sentTo: maskEmail(listing.email) } as const;
  });
  logger.info(
    { userId: viewer.id, businessId, outcome: result.ok ? result.method : result.status },
    "claim requested",
  );
  if (result.ok && result.method === "email") jobs.wake(MAIL_JOB);
  return result;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The claimant becomes the owner; the listing is marked verified. */
async function transferOwnership(tx: Tx, businessId: string, userId: string) {
  await tx
    .update(businesses)
    .set({ userId, ownerVerifiedAt: new Date() })
    .where(eq(businesses.id, businessId));
}

/**
 * The code from the listing's email: right, and the viewer owns the listing; wrong, and one of MAX_CODE_ATTEMPTS is
 * used up (the compare is constant-time).
 */
export async function confirmClaimCode(
  { db }: Pick<Services, "db">,
  viewer: ClaimViewer,
  businessId: string,
  code: string,
): Promise<{ ok: true } | { ok: false; status: 400 | 404 | 410 | 429; message: string }> {
  if (!isUuid(businessId)) return { ok: false, status: 404, message: CLAIM_MESSAGES.notClaimable };
  // Per listing, on top of the per-claim tries: many accounts, each with its own code, share this one.
  const checksKey = `claim-code:${businessId}`;
  const checks = await hitRateLimit(db, checksKey, CLAIM_CODE_CHECKS_PER_LISTING);
  if (!checks.allowed) {
    logger.warn({ userId: viewer.id, businessId }, "claim code refused: too many checks on the listing");
    return { ok: false, status: 429, message: CLAIM_MESSAGES.tooManyChecks };
  }
  const result = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(businessClaims)
      .where(
        and(
          eq(businessClaims.businessId, businessId),
          eq(businessClaims.userId, viewer.id),
          eq(businessClaims.status, "pending"),
          eq(businessClaims.method, "email"),
        ),
      )
      .orderBy(desc(businessClaims.createdAt))
      .limit(1)
      .for("update");
    if (!claim) return { ok: false, status: 404, message: CLAIM_MESSAGES.notClaimable } as const;
    if (!claim.codeExpiresAt || claim.codeExpiresAt <= new Date() || claim.attempts >= MAX_CODE_ATTEMPTS) {
      return { ok: false, status: 410, message: CLAIM_MESSAGES.expired } as const;
    }
    const given = Buffer.from(hashCode(code.trim()), "hex");
    const expected = Buffer.from(claim.codeHash ?? "", "hex");
    if (expected.length !== given.length || !timingSafeEqual(given, expected)) {
      await tx
        .update(businessClaims)
        .set({ attempts: sql`${businessClaims.attempts} + 1` })
        .where(eq(businessClaims.id, claim.id));
      return { ok: false, status: 400, message: CLAIM_MESSAGES.wrongCode } as const;
    }
    // Still claimable (nobody else got there first)?
    const [listing] = await tx
      .select({ claimable: claimableColumn() })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update", { of: businesses });
    if (!listing?.claimable) return { ok: false, status: 404, message: CLAIM_MESSAGES.notClaimable } as const;
    await tx
      .update(businessClaims)
      .set({ status: "approved", decidedAt: new Date() })
      .where(eq(businessClaims.id, claim.id));
    await transferOwnership(tx, businessId, viewer.id);
    return { ok: true } as const;
  });
  if (result.ok || result.status !== 400) await refundRateLimit(db, checksKey);
  logger.info(
    { userId: viewer.id, businessId, outcome: result.ok ? "verified" : result.status },
    "claim code checked",
  );
  return result;
}

export interface PendingClaim {
  id: string;
  businessId: string;
  businessName: string;
  claimantEmail: string;
  claimantName: string;
  createdAt: Date;
}

/** Claims waiting for an admin (listings without an email), oldest first. Admins only. */
export async function listPendingClaims(
  db: Database,
  viewer: AdminViewer,
): Promise<{ ok: true; claims: PendingClaim[] } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const claims = await db
    .select({
      id: businessClaims.id,
      businessId: businessClaims.businessId,
      businessName: businesses.name,
      claimantEmail: users.email,
      claimantName: users.name,
      createdAt: businessClaims.createdAt,
    })
    .from(businessClaims)
    .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
    .innerJoin(users, eq(users.id, businessClaims.userId))
    .where(and(eq(businessClaims.status, "pending"), eq(businessClaims.method, "admin")))
    .orderBy(businessClaims.createdAt)
    .limit(100);
  return { ok: true, claims };
}

/** An admin accepts or refuses a claim waiting for them; the claimant is emailed either way. */
export async function decideClaim(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: AdminViewer,
  claimId: string,
  approve: boolean,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(claimId)) return { ok: false, status: 404 };
  const result = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select({
        businessId: businessClaims.businessId,
        userId: businessClaims.userId,
        status: businessClaims.status,
        method: businessClaims.method,
        email: users.email,
        name: businesses.name,
        claimable: claimableColumn(),
      })
      .from(businessClaims)
      .innerJoin(users, eq(users.id, businessClaims.userId))
      .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
      .where(eq(businessClaims.id, claimId))
      .for("update", { of: businessClaims });
    if (!claim) return { ok: false, status: 404 } as const;
    if (claim.status !== "pending" || claim.method !== "admin" || (approve && !claim.claimable)) {
      return { ok: false, status: 409 } as const;
    }
    await tx
      .update(businessClaims)
      .set({ status: approve ? "approved" : "rejected", decidedAt: new Date(), decidedBy: viewer.id })
      .where(eq(businessClaims.id, claimId));
    if (approve) await transferOwnership(tx, claim.businessId, claim.userId);
    await enqueueEmail(tx, {
      to: claim.email,
      subject: approve ? `You now manage ${claim.name} on Local Shine` : `Your claim of ${claim.name}`,
      text: approve
        ? `Your claim was accepted: you now manage "${claim.name}". Edit it from ${env.APP_URL}/admin.\n\nThe Local Shine team`
        : `We could not confirm that you run "${claim.name}", so the claim was not accepted. Reply to this email if you think that is wrong.\n\nThe Local Shine team`,
      reference: `business:${claim.businessId}`,
    });
    return { ok: true } as const;
  });
  logger.info(
    { userId: viewer.id, claimId, approve, outcome: result.ok ? "decided" : result.status },
    "claim decided",
  );
  if (result.ok) jobs.wake(MAIL_JOB);
  return result;
}
