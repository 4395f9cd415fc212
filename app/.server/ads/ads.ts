import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { AD_MAX_VIDEO_SECONDS, AD_MESSAGES, adStatus, type AdInput, type AdStatus } from "~/lib/ad-schemas";
import type { Viewer } from "../auth/guards";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import {
  adScans,
  ads,
  businesses,
  media,
  mediaRenditions,
  users,
  type AdScheduleWindow,
  type MediaProcessingStatus,
} from "../infra/db/schema";
import { enqueueEmail } from "../infra/mail/outbox";
import { MAIL_JOB } from "../infra/mail/delivery";
import type { Storage } from "../infra/storage";
import type { Services } from "../services";
import { siteToday } from "../stories/site-date";

// Ads (docs/product.md#ads): an owner's media item made into an ad for one of their listings, reviewed by an admin.
// Every owner statement carries `user_id = viewer.id`, so another owner's ad id matches nothing.

/** The picture a screen shows for an ad: the rendition made for screens once ready, else the original. */
export interface ScreenMedia {
  kind: "image" | "video";
  src: string;
  poster: string | null;
  ready: boolean;
}

export interface AdView {
  id: string;
  title: string;
  businessId: string;
  businessName: string;
  businessWebsite: string | null;
  mediaId: string;
  mediaTitle: string;
  media: ScreenMedia;
  /** A video's length in seconds once known. */
  videoSeconds: number | null;
  imageSeconds: number | null;
  startsOn: string;
  endsOn: string | null;
  schedule: AdScheduleWindow[];
  callToAction: string | null;
  qrTarget: "listing" | "website";
  radiusMiles: number;
  /**
   * The owner's new distance waiting for review (docs/decisions/076-reviewed-edits.md): kiosks keep playing the ad
   * within `radiusMiles` until an admin approves it. Null: none waiting.
   */
  pendingRadiusMiles: number | null;
  /** Why the owner's last distance change was not approved. */
  targetingRejectionReason: string | null;
  targetingSubmittedAt: Date | null;
  shortCode: string;
  status: AdStatus;
  /** Why it was rejected (the admin's words, or why its media cannot be shown). */
  reason: string | null;
  pausedByAdmin: boolean;
  /** QR scans counted so far. */
  scans: number;
  submittedAt: Date;
  createdAt: Date;
  owner?: { name: string; email: string };
}

const adColumns = {
  id: ads.id,
  title: ads.title,
  businessId: ads.businessId,
  businessName: businesses.name,
  businessWebsite: businesses.website,
  mediaId: ads.mediaId,
  mediaTitle: media.title,
  mediaType: media.fileType,
  mediaUrl: media.fileUrl,
  mediaStatus: media.processingStatus,
  mediaError: media.processingError,
  imageSeconds: ads.imageSeconds,
  startsOn: ads.startsOn,
  endsOn: ads.endsOn,
  schedule: ads.schedule,
  callToAction: ads.callToAction,
  qrTarget: ads.qrTarget,
  radiusMiles: ads.radiusMiles,
  pendingRadiusMiles: ads.pendingRadiusMiles,
  targetingRejectionReason: ads.targetingRejectionReason,
  targetingSubmittedAt: ads.targetingSubmittedAt,
  shortCode: ads.shortCode,
  reviewStatus: ads.reviewStatus,
  rejectionReason: ads.rejectionReason,
  pausedAt: ads.pausedAt,
  pausedByAdmin: ads.pausedByAdmin,
  submittedAt: ads.submittedAt,
  createdAt: ads.createdAt,
  ownerName: users.name,
  ownerEmail: users.email,
};

type AdRow = Awaited<ReturnType<typeof selectAds>>[number];

function selectAds(db: Database) {
  return db
    .select(adColumns)
    .from(ads)
    .innerJoin(businesses, eq(businesses.id, ads.businessId))
    .innerJoin(media, eq(media.id, ads.mediaId))
    .innerJoin(users, eq(users.id, ads.userId));
}

interface RenditionInfo {
  video?: { key: string; durationSec: number | null };
  poster?: { key: string };
  image?: { key: string };
}

/** The renditions of some media items, by media id. */
async function renditionsOf(db: Database, mediaIds: string[]): Promise<Map<string, RenditionInfo>> {
  const byMedia = new Map<string, RenditionInfo>();
  const unique = [...new Set(mediaIds)];
  if (unique.length === 0) return byMedia;
  const rows = await db
    .select({
      mediaId: mediaRenditions.mediaId,
      kind: mediaRenditions.kind,
      key: mediaRenditions.storageKey,
      durationSec: mediaRenditions.durationSec,
    })
    .from(mediaRenditions)
    .where(inArray(mediaRenditions.mediaId, unique));
  for (const row of rows) {
    const info = byMedia.get(row.mediaId) ?? {};
    info[row.kind] = { key: row.key, durationSec: row.durationSec };
    byMedia.set(row.mediaId, info);
  }
  return byMedia;
}

/** QR scans counted per ad. */
async function scanCounts(db: Database, adIds: string[]): Promise<Map<string, number>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({ adId: adScans.adId, count: sql<number>`count(*)::int` })
    .from(adScans)
    .where(inArray(adScans.adId, adIds))
    .groupBy(adScans.adId);
  return new Map(rows.map((row) => [row.adId, row.count]));
}

/** What a screen shows for a media item, from its row and renditions. */
export function screenMediaOf(
  storage: Pick<Storage, "publicUrl">,
  item: { mediaType: string; mediaUrl: string; mediaStatus: MediaProcessingStatus | null },
  renditions: RenditionInfo | undefined,
): ScreenMedia {
  const kind = item.mediaType.startsWith("video/") ? "video" : "image";
  const ready = item.mediaStatus === "ready";
  if (kind === "video" && ready && renditions?.video) {
    return {
      kind,
      src: storage.publicUrl(renditions.video.key),
      poster: renditions.poster ? storage.publicUrl(renditions.poster.key) : null,
      ready,
    };
  }
  if (kind === "image" && ready && renditions?.image) {
    return { kind, src: storage.publicUrl(renditions.image.key), poster: null, ready };
  }
  return { kind, src: item.mediaUrl, poster: null, ready: false };
}

function toView(
  storage: Pick<Storage, "publicUrl">,
  row: AdRow,
  renditions: RenditionInfo | undefined,
  today: string,
  withOwner: boolean,
  scans: number,
): AdView {
  const videoSeconds = row.mediaType.startsWith("video/") ? (renditions?.video?.durationSec ?? null) : null;
  const { status, reason } = adStatus(
    {
      reviewStatus: row.reviewStatus,
      rejectionReason: row.rejectionReason,
      pausedAt: row.pausedAt,
      endsOn: row.endsOn,
      mediaStatus: row.mediaStatus,
      mediaError: row.mediaError,
      videoSeconds,
    },
    today,
  );
  return {
    id: row.id,
    title: row.title,
    businessId: row.businessId,
    businessName: row.businessName,
    businessWebsite: row.businessWebsite,
    mediaId: row.mediaId,
    mediaTitle: row.mediaTitle,
    media: screenMediaOf(storage, row, renditions),
    videoSeconds,
    imageSeconds: row.imageSeconds,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    schedule: row.schedule,
    callToAction: row.callToAction,
    qrTarget: row.qrTarget,
    radiusMiles: row.radiusMiles,
    pendingRadiusMiles: row.pendingRadiusMiles,
    targetingRejectionReason: row.targetingRejectionReason,
    targetingSubmittedAt: row.targetingSubmittedAt,
    shortCode: row.shortCode,
    status,
    reason,
    pausedByAdmin: row.pausedByAdmin,
    scans,
    submittedAt: row.submittedAt,
    createdAt: row.createdAt,
    ...(withOwner ? { owner: { name: row.ownerName, email: row.ownerEmail } } : {}),
  };
}

async function toViews(
  { db, storage, env }: Pick<Services, "db" | "storage" | "env">,
  rows: AdRow[],
  withOwner = false,
): Promise<AdView[]> {
  const renditions = await renditionsOf(
    db,
    rows.map((row) => row.mediaId),
  );
  const scans = await scanCounts(
    db,
    rows.map((row) => row.id),
  );
  const today = siteToday(env.SITE_TIMEZONE);
  return rows.map((row) =>
    toView(storage, row, renditions.get(row.mediaId), today, withOwner, scans.get(row.id) ?? 0),
  );
}

/** The viewer's own ads, newest first. */
export async function listAdsForOwner(
  services: Pick<Services, "db" | "storage" | "env">,
  viewer: Pick<Viewer, "id">,
): Promise<AdView[]> {
  const rows = await selectAds(services.db)
    .where(eq(ads.userId, viewer.id))
    .orderBy(desc(ads.createdAt), desc(ads.id));
  return toViews(services, rows);
}

/** One of the viewer's own ads, or null (someone else's id answers like a missing one). */
export async function getAdForOwner(
  services: Pick<Services, "db" | "storage" | "env">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<AdView | null> {
  const rows = await selectAds(services.db).where(and(eq(ads.id, id), eq(ads.userId, viewer.id)));
  const [view] = await toViews(services, rows);
  return view ?? null;
}

export interface EditorMediaChoice {
  id: string;
  title: string;
  media: ScreenMedia;
  status: MediaProcessingStatus | null;
  error: string | null;
  videoSeconds: number | null;
}

export interface EditorChoices {
  listings: { id: string; name: string; website: string | null }[];
  media: EditorMediaChoice[];
}

/** What the ad editor offers: the viewer's listings and media items (newest first). */
export async function adEditorChoices(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: Pick<Viewer, "id">,
): Promise<EditorChoices> {
  const [listings, items] = await Promise.all([
    db
      .select({ id: businesses.id, name: businesses.name, website: businesses.website })
      .from(businesses)
      .where(eq(businesses.userId, viewer.id))
      .orderBy(asc(businesses.name)),
    db
      .select({
        id: media.id,
        title: media.title,
        mediaType: media.fileType,
        mediaUrl: media.fileUrl,
        mediaStatus: media.processingStatus,
        error: media.processingError,
      })
      .from(media)
      .where(
        and(
          eq(media.userId, viewer.id),
          sql`(${media.fileType} like 'image/%' or ${media.fileType} like 'video/%')`,
        ),
      )
      .orderBy(desc(media.createdAt), desc(media.id)),
  ]);
  const renditions = await renditionsOf(
    db,
    items.map((item) => item.id),
  );
  return {
    listings,
    media: items.map((item) => {
      const info = renditions.get(item.id);
      return {
        id: item.id,
        title: item.title,
        media: screenMediaOf(storage, item, info),
        status: item.mediaStatus,
        error: item.error,
        videoSeconds: item.mediaType.startsWith("video/") ? (info?.video?.durationSec ?? null) : null,
      };
    }),
  };
}

const SHORT_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/** A short link code: 8 characters without look-alikes (0/O, 1/l/I), about 46 bits. */
export function newShortCode(): string {
  let code = "";
  for (let index = 0; index < 8; index++) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

export type SaveAdResult =
  /** `targetingHeld`: the ad plays as approved while its new distance waits for review. */
  | { ok: true; id: string; resubmitted: boolean; created: boolean; targetingHeld?: boolean }
  | { ok: false; status: 400; fieldErrors: Record<string, string> }
  | { ok: false; status: 404 };

/** The content fields: changing any of them on a reviewed ad sends it back to review. */
const CONTENT_FIELDS = [
  "title",
  "businessId",
  "mediaId",
  "imageSeconds",
  "startsOn",
  "endsOn",
  "schedule",
  "callToAction",
  "qrTarget",
] as const;

/**
 * Creates (no id) or updates (id) one of the viewer's ads from the editor's checked input. The listing and the
 * media must be the viewer's own; a video longer than the limit, media that failed processing, or a website QR
 * target for a listing without a website are refused under their fields. An edit that changes the content of an
 * approved or rejected ad sends it back to review. A new distance alone for an approved ad waits for review while
 * the ad keeps playing where it was approved to (docs/decisions/076-reviewed-edits.md).
 */
export async function saveAd(
  { db }: Pick<Services, "db">,
  viewer: Pick<Viewer, "id">,
  input: AdInput,
  id?: string,
): Promise<SaveAdResult> {
  const [listing] = await db
    .select({ website: businesses.website })
    .from(businesses)
    .where(and(eq(businesses.id, input.businessId), eq(businesses.userId, viewer.id)));
  const [item] = await db
    .select({ type: media.fileType, status: media.processingStatus, error: media.processingError })
    .from(media)
    .where(and(eq(media.id, input.mediaId), eq(media.userId, viewer.id)));
  const fieldErrors: Record<string, string> = {};
  if (!listing) fieldErrors.businessId = AD_MESSAGES.listingRequired;
  if (!item) fieldErrors.mediaId = AD_MESSAGES.mediaRequired;
  if (listing && input.qrTarget === "website" && !listing.website)
    fieldErrors.qrTarget = AD_MESSAGES.websiteMissing;
  const isVideo = Boolean(item?.type.startsWith("video/"));
  if (item?.status === "failed") fieldErrors.mediaId = item.error ?? AD_MESSAGES.mediaFailed;
  if (item && isVideo) {
    const [video] = await db
      .select({ durationSec: mediaRenditions.durationSec })
      .from(mediaRenditions)
      .where(and(eq(mediaRenditions.mediaId, input.mediaId), eq(mediaRenditions.kind, "video")));
    if ((video?.durationSec ?? 0) > AD_MAX_VIDEO_SECONDS + 0.5)
      fieldErrors.mediaId = AD_MESSAGES.videoTooLong;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, fieldErrors };

  const values = {
    title: input.title,
    businessId: input.businessId,
    mediaId: input.mediaId,
    imageSeconds: isVideo ? null : input.imageSeconds,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    schedule: input.schedule,
    callToAction: input.callToAction,
    qrTarget: input.qrTarget,
    radiusMiles: input.radiusMiles,
  };

  if (!id) {
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await db
          .insert(ads)
          .values({ ...values, userId: viewer.id, shortCode: newShortCode() })
          .returning({ id: ads.id });
        return { ok: true, id: row!.id, resubmitted: false, created: true };
      } catch (error) {
        // A short code already taken (1 in 10^13): draw another.
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(ads)
      .where(and(eq(ads.id, id), eq(ads.userId, viewer.id)))
      .for("update");
    if (!current) return { ok: false, status: 404 } as const;
    const changed = CONTENT_FIELDS.some(
      (field) => JSON.stringify(current[field]) !== JSON.stringify(values[field]),
    );
    const resubmit = changed && current.reviewStatus !== "pending";
    const targeting = targetingOf(current, values.radiusMiles, changed);
    await tx
      .update(ads)
      .set({
        ...values,
        ...targeting.columns,
        ...(resubmit
          ? {
              reviewStatus: "pending" as const,
              rejectionReason: null,
              submittedAt: new Date(),
              reviewedAt: null,
              reviewedBy: null,
            }
          : {}),
      })
      .where(and(eq(ads.id, id), eq(ads.userId, viewer.id)));
    return { ok: true, id, resubmitted: resubmit, created: false, targetingHeld: targeting.held } as const;
  });
}

/**
 * Where an edit leaves an ad's targeting. The distance the kiosks use changes at once unless the ad is approved
 * and stays approved (its content is unchanged): then the new distance waits for review, and the approved one
 * stays in `radius_miles`. Putting the approved distance back withdraws the change.
 */
function targetingOf(
  current: typeof ads.$inferSelect,
  radiusMiles: number,
  contentChanged: boolean,
): { held: boolean; columns: Partial<typeof ads.$inferInsert> } {
  const cleared = { pendingRadiusMiles: null, targetingSubmittedAt: null, targetingRejectionReason: null };
  if (contentChanged || current.reviewStatus !== "approved")
    return { held: false, columns: { radiusMiles, ...cleared } };
  if (radiusMiles === current.radiusMiles)
    return { held: false, columns: { radiusMiles, pendingRadiusMiles: null, targetingSubmittedAt: null } };
  if (radiusMiles === current.pendingRadiusMiles)
    return { held: true, columns: { radiusMiles: current.radiusMiles } };
  return {
    held: true,
    columns: {
      radiusMiles: current.radiusMiles,
      pendingRadiusMiles: radiusMiles,
      targetingSubmittedAt: new Date(),
      targetingRejectionReason: null,
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

export type AdChangeResult =
  { ok: true } | { ok: false; status: 404 } | { ok: false; status: 409; reason: "admin-paused" };

/** The owner's pause and resume. An ad an admin paused stays paused until an admin resumes it. */
export async function setAdPausedByOwner(
  { db }: Pick<Services, "db">,
  viewer: Pick<Viewer, "id">,
  id: string,
  paused: boolean,
): Promise<AdChangeResult> {
  const owned = and(eq(ads.id, id), eq(ads.userId, viewer.id));
  if (paused) {
    const rows = await db
      .update(ads)
      .set({ pausedAt: sql`coalesce(${ads.pausedAt}, now())` })
      .where(owned)
      .returning({ id: ads.id });
    return rows.length ? { ok: true } : { ok: false, status: 404 };
  }
  const rows = await db
    .update(ads)
    .set({ pausedAt: null })
    .where(and(owned, eq(ads.pausedByAdmin, false)))
    .returning({ id: ads.id });
  if (rows.length) return { ok: true };
  const [exists] = await db.select({ id: ads.id }).from(ads).where(owned);
  return exists ? { ok: false, status: 409, reason: "admin-paused" } : { ok: false, status: 404 };
}

/** Deletes one of the viewer's ads (its scans and plays keep their counts, see docs/product.md#ads). */
export async function deleteAd(
  { db }: Pick<Services, "db">,
  viewer: Pick<Viewer, "id">,
  id: string,
): Promise<{ ok: true } | { ok: false; status: 404 }> {
  const rows = await db
    .delete(ads)
    .where(and(eq(ads.id, id), eq(ads.userId, viewer.id)))
    .returning({ id: ads.id });
  return rows.length ? { ok: true } : { ok: false, status: 404 };
}

// --- Review (admins) -------------------------------------------------------------------------------------------

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
    await enqueueEmail(tx, {
      to: ad.ownerEmail,
      subject: approved ? `Your ad "${ad.title}" is approved` : `Your ad "${ad.title}" needs changes`,
      text: approved
        ? `${greeting}\n\nGood news: your ad "${ad.title}" is approved. It plays on the Local Shine kiosks near your listing whenever its schedule allows.\n\nSee it and its status: ${link}\n\nThe Local Shine team`
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

/** How many of the viewer's ads use each of their media items (the delete confirmation says so). */
export async function adsUsingMedia(db: Database, viewer: Pick<Viewer, "id">): Promise<Map<string, number>> {
  const rows = await db
    .select({ mediaId: ads.mediaId, count: sql<number>`count(*)::int` })
    .from(ads)
    .where(eq(ads.userId, viewer.id))
    .groupBy(ads.mediaId);
  return new Map(rows.map((row) => [row.mediaId, row.count]));
}
