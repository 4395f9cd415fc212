import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MediaShape } from "~/lib/media-shape";
import { adStatus, type AdStatus } from "~/lib/ad-schemas";
import type { ListingStatus } from "~/lib/listing-status";
import { adScans, ads, businesses, media, users, type AdScheduleWindow } from "../infra/db/schema";
import type { Database } from "../infra/db/client";
import type { Storage } from "../infra/storage";
import {
  readRenditions,
  screenMediaOf,
  shapeOfRenditions,
  videoSecondsOf,
  type Renditions,
  type ScreenMedia,
} from "../media/screen-media";
import type { Services } from "../services";
import { siteToday } from "../stories/site-date";

// How an ad reads on the owner's and the admin's pages (docs/product.md#ads): one row shape and one view for both,
// the owner's functions (owner-ads.ts) scoping by `user_id = viewer.id`, the admin's (review.ts) by the role.

export interface AdView {
  id: string;
  title: string;
  businessId: string;
  businessName: string;
  businessWebsite: string | null;
  /** The listing's own review: an ad plays only once its listing is published too. */
  businessStatus: ListingStatus;
  mediaId: string;
  mediaTitle: string;
  media: ScreenMedia;
  /** The main version's shape once processed. */
  shape: MediaShape | null;
  /** The version in the other shape (docs/product.md#ads, "Two shapes"), if any. */
  alt: { mediaId: string; mediaTitle: string; media: ScreenMedia; shape: MediaShape | null } | null;
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

/** The media row of an ad's second version. */
const altMedia = alias(media, "alt_media");

const adColumns = {
  id: ads.id,
  title: ads.title,
  businessId: ads.businessId,
  businessName: businesses.name,
  businessWebsite: businesses.website,
  businessStatus: businesses.status,
  mediaId: ads.mediaId,
  mediaTitle: media.title,
  mediaType: media.fileType,
  mediaUrl: media.fileUrl,
  mediaStatus: media.processingStatus,
  mediaError: media.processingError,
  altMediaId: ads.altMediaId,
  altMediaTitle: altMedia.title,
  altMediaType: altMedia.fileType,
  altMediaUrl: altMedia.fileUrl,
  altMediaStatus: altMedia.processingStatus,
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

export type AdRow = Awaited<ReturnType<typeof selectAds>>[number];

/** Ads with their listing, media and owner; the caller adds the WHERE clause that scopes them. */
export function selectAds(db: Database) {
  return db
    .select(adColumns)
    .from(ads)
    .innerJoin(businesses, eq(businesses.id, ads.businessId))
    .innerJoin(media, eq(media.id, ads.mediaId))
    .leftJoin(altMedia, eq(altMedia.id, ads.altMediaId))
    .innerJoin(users, eq(users.id, ads.userId));
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

function toView(
  storage: Pick<Storage, "publicUrl">,
  row: AdRow,
  renditions: Renditions | undefined,
  altRenditions: Renditions | undefined,
  today: string,
  withOwner: boolean,
  scans: number,
): AdView {
  const videoSeconds = videoSecondsOf(row.mediaType, renditions);
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
    businessStatus: row.businessStatus,
    mediaId: row.mediaId,
    mediaTitle: row.mediaTitle,
    media: screenMediaOf(storage, row, renditions),
    shape: shapeOfRenditions(renditions),
    alt:
      row.altMediaId && row.altMediaType && row.altMediaUrl
        ? {
            mediaId: row.altMediaId,
            mediaTitle: row.altMediaTitle ?? "",
            media: screenMediaOf(
              storage,
              { mediaType: row.altMediaType, mediaUrl: row.altMediaUrl, mediaStatus: row.altMediaStatus },
              altRenditions,
            ),
            shape: shapeOfRenditions(altRenditions),
          }
        : null,
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

/** The views of some ad rows: their renditions and scan counts read in one query each. */
export async function toViews(
  { db, storage, env }: Pick<Services, "db" | "storage" | "env">,
  rows: AdRow[],
  withOwner = false,
): Promise<AdView[]> {
  const renditions = await readRenditions(
    db,
    rows.flatMap((row) => (row.altMediaId ? [row.mediaId, row.altMediaId] : [row.mediaId])),
  );
  const scans = await scanCounts(
    db,
    rows.map((row) => row.id),
  );
  const today = siteToday(env.SITE_TIMEZONE);
  return rows.map((row) =>
    toView(
      storage,
      row,
      renditions.get(row.mediaId),
      row.altMediaId ? renditions.get(row.altMediaId) : undefined,
      today,
      withOwner,
      scans.get(row.id) ?? 0,
    ),
  );
}
