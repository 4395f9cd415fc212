import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import { ads, media, users } from "../infra/db/schema";
import { enqueueEmail } from "../infra/mail/outbox";
import { MAIL_JOB } from "../infra/mail/delivery";
import type { Services } from "../services";
import { selectAds, toViews, type AdView } from "./ad-views";
import { countKiosksReached, wherePlays } from "./reach";

// The admins' side of ads (docs/product.md#ads): the review queue, decisions on an ad and on an approved ad's new
// distance, and an admin's pause. Every function refuses anyone but an admin before reading a row.

export interface AdminAdsPage {
  queue: AdView[];
  /** Approved ads whose owner asked for a new distance, oldest request first. */
  targeting: AdView[];
  recent: AdView[];
}

/**
 * /admin/ads: the review queue (pending ads whose media is ready, oldest first) and the most recent ads of every
 * status, with their owners. Admins only.
 */
export async function listAdsForReview(
  services: Pick<Services, "db" | "storage" | "env">,
  viewer: AdminViewer,
  { recentLimit = 50 }: { recentLimit?: number } = {},
): Promise<({ ok: true } & AdminAdsPage) | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const [queueRows, targetingRows, recentRows] = await Promise.all([
    selectAds(services.db)
      .where(and(eq(ads.reviewStatus, "pending"), eq(media.processingStatus, "ready"), isNull(ads.pausedAt)))
      .orderBy(asc(ads.submittedAt), asc(ads.id)),
    selectAds(services.db)
      .where(and(isNotNull(ads.pendingRadiusMiles), eq(ads.reviewStatus, "approved")))
      .orderBy(asc(ads.targetingSubmittedAt), asc(ads.id)),
    selectAds(services.db).orderBy(desc(ads.updatedAt), desc(ads.id)).limit(recentLimit),
  ]);
  const [queue, targeting, recent] = await Promise.all([
    toViews(services, queueRows, true),
    toViews(services, targetingRows, true),
    toViews(services, recentRows, true),
  ]);
  // A video over the limit reads as Rejected and needs no review.
  return { ok: true, queue: queue.filter((ad) => ad.status === "pending"), targeting, recent };
}

export type ReviewDecision = { intent: "approve" } | { intent: "reject"; reason: string };

/**
 * Approves or rejects a pending ad whose media is ready, and emails the owner (in the same transaction, so the
 * email exists exactly when the decision does). Admins only; an ad no longer pending answers 409.
 */
export async function reviewAd(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: AdminViewer,
  id: string,
  decision: ReviewDecision,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const result = await db.transaction(async (tx) => {
    const [ad] = await tx
      .select({
        title: ads.title,
        reviewStatus: ads.reviewStatus,
        mediaStatus: media.processingStatus,
        radiusMiles: ads.radiusMiles,
        ownerEmail: users.email,
        ownerName: users.name,
      })
      .from(ads)
      .innerJoin(media, eq(media.id, ads.mediaId))
      .innerJoin(users, eq(users.id, ads.userId))
      .where(eq(ads.id, id))
      .for("update", { of: ads });
    if (!ad) return { ok: false, status: 404 } as const;
    if (ad.reviewStatus !== "pending" || ad.mediaStatus !== "ready")
      return { ok: false, status: 409 } as const;
    const approved = decision.intent === "approve";
    await tx
      .update(ads)
      .set({
        reviewStatus: approved ? "approved" : "rejected",
        rejectionReason: approved ? null : decision.reason,
        reviewedAt: new Date(),
        reviewedBy: viewer.id,
      })
      .where(eq(ads.id, id));
    const link = `${env.APP_URL}/dashboard/ads/${id}`;
    const greeting = ad.ownerName ? `Hi ${ad.ownerName},` : "Hi,";
    const where = approved ? wherePlays(await countKiosksReached(tx, id), ad.radiusMiles) : "";
    await enqueueEmail(tx, {
      to: ad.ownerEmail,
      subject: approved ? `Your ad "${ad.title}" is approved` : `Your ad "${ad.title}" needs changes`,
      text: approved
        ? `${greeting}\n\nGood news: your ad "${ad.title}" is approved. ${where}\n\nSee it and its status: ${link}\n\nThe Local Shine team`
        : `${greeting}\n\nYour ad "${ad.title}" was not approved. The reviewer wrote:\n\n${decision.reason}\n\nEdit the ad and it goes back to review: ${link}\n\nThe Local Shine team`,
      reference: `ad:${id}`,
    });
    return { ok: true } as const;
  });
  if (result.ok) jobs.wake(MAIL_JOB);
  return result;
}

export type TargetingDecision =
  { intent: "approve-targeting" } | { intent: "reject-targeting"; reason: string };

/**
 * Approves (the kiosks use the new distance from the next catalog read) or rejects (the approved distance stays)
 * an owner's new distance for an approved ad, and emails the owner in the same transaction. Admins only; an ad
 * with no distance waiting answers 409.
 */
export async function reviewAdTargeting(
  { db, jobs, env }: Pick<Services, "db" | "jobs" | "env">,
  viewer: AdminViewer,
  id: string,
  decision: TargetingDecision,
): Promise<{ ok: true } | { ok: false; status: 404 | 409 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const result = await db.transaction(async (tx) => {
    const [ad] = await tx
      .select({
        title: ads.title,
        reviewStatus: ads.reviewStatus,
        pendingRadiusMiles: ads.pendingRadiusMiles,
        ownerEmail: users.email,
        ownerName: users.name,
      })
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(eq(ads.id, id))
      .for("update", { of: ads });
    if (!ad) return { ok: false, status: 404 } as const;
    if (ad.pendingRadiusMiles === null || ad.reviewStatus !== "approved")
      return { ok: false, status: 409 } as const;
    const approved = decision.intent === "approve-targeting";
    await tx
      .update(ads)
      .set({
        ...(approved ? { radiusMiles: ad.pendingRadiusMiles } : {}),
        pendingRadiusMiles: null,
        targetingSubmittedAt: null,
        targetingRejectionReason: approved ? null : decision.reason,
      })
      .where(eq(ads.id, id));
    const miles = ad.pendingRadiusMiles === 1 ? "1 mile" : `${ad.pendingRadiusMiles} miles`;
    const greeting = ad.ownerName ? `Hi ${ad.ownerName},` : "Hi,";
    await enqueueEmail(tx, {
      to: ad.ownerEmail,
      subject: approved
        ? `Your ad "${ad.title}" now plays within ${miles}`
        : `Your new distance for "${ad.title}" was not approved`,
      text: approved
        ? `${greeting}\n\nYour ad "${ad.title}" now plays on the kiosks within ${miles} of your listing.\n\nThe Local Shine team`
        : `${greeting}\n\nYour ad "${ad.title}" keeps playing where it did: the new distance (${miles}) was not approved. The reviewer wrote:\n\n${decision.reason}\n\n${env.APP_URL}/dashboard/ads/${id}\n\nThe Local Shine team`,
      reference: `ad:${id}`,
    });
    return { ok: true } as const;
  });
  if (result.ok) jobs.wake(MAIL_JOB);
  return result;
}

/** An admin's pause or resume of any ad; an admin's pause is lifted only by an admin. */
export async function setAdPausedByAdmin(
  { db }: Pick<Services, "db">,
  viewer: AdminViewer,
  id: string,
  paused: boolean,
): Promise<{ ok: true } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const rows = await db
    .update(ads)
    .set(
      paused
        ? { pausedAt: sql`coalesce(${ads.pausedAt}, now())`, pausedByAdmin: true }
        : { pausedAt: null, pausedByAdmin: false },
    )
    .where(eq(ads.id, id))
    .returning({ id: ads.id });
  return rows.length ? { ok: true } : { ok: false, status: 404 };
}
