import { and, eq, inArray } from "drizzle-orm";
import { AD_MAX_VIDEO_SECONDS, AD_MESSAGES, type AdInput } from "~/lib/ad-schemas";
import type { Viewer } from "../auth/guards";
import { ads, businesses, media } from "../infra/db/schema";
import { readRenditions, shapeOfRenditions } from "../media/screen-media";
import type { Services } from "../services";
import { newShortCode } from "./short-codes";

// An owner saves an ad (docs/product.md#ads): made new, or edited, with what that does to its review.

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
  "altMediaId",
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
  const mediaIds = input.altMediaId ? [input.mediaId, input.altMediaId] : [input.mediaId];
  const items = await db
    .select({
      id: media.id,
      type: media.fileType,
      status: media.processingStatus,
      error: media.processingError,
    })
    .from(media)
    .where(and(inArray(media.id, mediaIds), eq(media.userId, viewer.id)));
  const item = items.find((row) => row.id === input.mediaId);
  const alt = input.altMediaId ? items.find((row) => row.id === input.altMediaId) : undefined;
  const renditions = await readRenditions(db, mediaIds);
  const fieldErrors: Record<string, string> = {};
  if (!listing) fieldErrors.businessId = AD_MESSAGES.listingRequired;
  if (!item) fieldErrors.mediaId = AD_MESSAGES.mediaRequired;
  if (listing && input.qrTarget === "website" && !listing.website)
    fieldErrors.qrTarget = AD_MESSAGES.websiteMissing;
  // Seconds on screen matter when a version is an image; an ad of videos only plays each video's own length.
  const hasImage = [item, alt].some((row) => row && !row.type.startsWith("video/"));
  const unusable = (row: typeof item) => {
    if (!row) return AD_MESSAGES.mediaRequired;
    if (row.status === "failed") return row.error ?? AD_MESSAGES.mediaFailed;
    const video = renditions.get(row.id)?.video;
    if (row.type.startsWith("video/") && (video?.durationSec ?? 0) > AD_MAX_VIDEO_SECONDS + 0.5)
      return AD_MESSAGES.videoTooLong;
    return null;
  };
  if (item) {
    const problem = unusable(item);
    if (problem) fieldErrors.mediaId = problem;
  }
  if (input.altMediaId) {
    const problem = unusable(alt);
    // Two versions of one shape would leave one never played: the second must be the other shape (once both
    // shapes are known; one still processing is checked by the screens, which then play the main one).
    const shapes = [renditions.get(input.mediaId), renditions.get(input.altMediaId)].map(shapeOfRenditions);
    if (problem) fieldErrors.altMediaId = problem;
    else if (shapes[0] && shapes[0] !== "square" && shapes[0] === shapes[1])
      fieldErrors.altMediaId = AD_MESSAGES.altMediaSameShape;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, fieldErrors };

  const values = {
    title: input.title,
    businessId: input.businessId,
    mediaId: input.mediaId,
    altMediaId: input.altMediaId,
    imageSeconds: hasImage ? input.imageSeconds : null,
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
