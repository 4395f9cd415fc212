import type { FlashToast } from "./flash-toast";
import { optionalText, requiredText } from "./form-fields";
import { minutesOf } from "./ad-schedule";
import { z } from "./zod";

// The ad editor, the owner's ad buttons and the admin's review (docs/product.md#ads), with their messages.

export const AD_MIN_IMAGE_SECONDS = 5;
export const AD_MAX_IMAGE_SECONDS = 30;
export const AD_DEFAULT_IMAGE_SECONDS = 10;
export const AD_MAX_VIDEO_SECONDS = 30;
/** The longest video an ad takes: half a second of leeway for a clip cut at "30 s". */
export const AD_LONGEST_VIDEO_SECONDS = AD_MAX_VIDEO_SECONDS + 0.5;
/** Whether a video of `seconds` is too long for an ad. */
export const isTooLongForAnAd = (seconds: number | null) =>
  seconds !== null && seconds > AD_LONGEST_VIDEO_SECONDS;
export const AD_CALL_TO_ACTION_MAX = 60;
export const AD_RADIUS_CHOICES = [1, 5, 10, 25] as const;
export const AD_DEFAULT_RADIUS = 5;
/** The most weekly windows one ad has. */
export const AD_MAX_WINDOWS = 7;

export const AD_MESSAGES = {
  titleRequired: "Please enter a title for your ad.",
  listingRequired: "Please choose the listing this ad is for.",
  mediaRequired: "Please choose an image or video.",
  imageSeconds: `Images stay on screen for ${AD_MIN_IMAGE_SECONDS} to ${AD_MAX_IMAGE_SECONDS} seconds.`,
  videoTooLong: `Videos can be at most ${AD_MAX_VIDEO_SECONDS} seconds long.`,
  startRequired: "Please choose a start date.",
  badDate: "Please enter a date as YYYY-MM-DD.",
  endBeforeStart: "The end date can't be before the start date.",
  daysRequired: "Pick at least one day.",
  badTime: "Please enter a time as HH:MM.",
  radius: "Please choose one of the distances.",
  websiteMissing: "This listing has no website; the QR code can lead to its page instead.",
  reasonRequired: "Please give a reason.",
  mediaFailed: "This file can't be shown on a screen.",
  altMediaSame: "Choose a different file for the other shape, or none.",
  altMediaSameShape:
    "This file has the same shape as the main one. Choose a tall one for a wide main file, or a wide one for a tall main file.",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** One value or up to `max` (a form sends one checkbox's value as a string, several as a list). */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z
    .union([item, z.array(item).max(max)])
    .optional()
    .transform((value): z.output<T>[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const time = z
  .string(AD_MESSAGES.badTime)
  .trim()
  .refine((value) => minutesOf(value) !== undefined, AD_MESSAGES.badTime);

const ScheduleWindowSchema = z.object({
  days: listOf(z.enum(["0", "1", "2", "3", "4", "5", "6"]), 7)
    .refine((days) => days.length > 0, AD_MESSAGES.daysRequired)
    .transform((days) => [...new Set(days.map(Number))].sort((a, b) => a - b)),
  start: time,
  end: time,
});

/** The ad editor's fields. */
export const AdSchema = z
  .object({
    title: requiredText(AD_MESSAGES.titleRequired, 80, "Title"),
    businessId: z.uuid(AD_MESSAGES.listingRequired),
    mediaId: z.uuid(AD_MESSAGES.mediaRequired),
    /** The version in the other shape (docs/product.md#ads, "Two shapes"); empty: none. */
    altMediaId: z
      .union([z.literal(""), z.uuid(AD_MESSAGES.mediaRequired)])
      .optional()
      .transform((value) => value || null),
    /** Only read for an image; the server ignores it for a video. */
    imageSeconds: z
      .string()
      .optional()
      .transform((value) => (value ? Number(value) : AD_DEFAULT_IMAGE_SECONDS))
      .refine(
        (value) => Number.isInteger(value) && value >= AD_MIN_IMAGE_SECONDS && value <= AD_MAX_IMAGE_SECONDS,
        AD_MESSAGES.imageSeconds,
      ),
    startsOn: z
      .string(AD_MESSAGES.startRequired)
      .trim()
      .min(1, AD_MESSAGES.startRequired)
      .refine(isCalendarDate, AD_MESSAGES.badDate),
    endsOn: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isCalendarDate(value), AD_MESSAGES.badDate)
      .transform((value) => value || null),
    scheduled: z.literal("on").optional(),
    schedule: z.array(ScheduleWindowSchema).max(AD_MAX_WINDOWS).optional(),
    callToAction: optionalText(AD_CALL_TO_ACTION_MAX, "Call to action"),
    qrTarget: z.enum(["listing", "website"]).default("listing"),
    radiusMiles: z
      .string()
      .optional()
      .transform((value) => (value ? Number(value) : AD_DEFAULT_RADIUS))
      .refine((value) => (AD_RADIUS_CHOICES as readonly number[]).includes(value), AD_MESSAGES.radius),
  })
  .refine((ad) => !ad.endsOn || ad.endsOn >= ad.startsOn, {
    path: ["endsOn"],
    message: AD_MESSAGES.endBeforeStart,
  })
  .refine((ad) => ad.altMediaId !== ad.mediaId, { path: ["altMediaId"], message: AD_MESSAGES.altMediaSame })
  .transform(({ scheduled, schedule, ...ad }) => ({ ...ad, schedule: scheduled ? (schedule ?? []) : [] }));

export type AdInput = z.output<typeof AdSchema>;

/** The owner's buttons on an ad: pause, resume, delete. */
export const AdIntentSchema = z.object({
  intent: z.enum(["pause", "resume", "delete"]),
  id: z.uuid(),
});

/** The admin's review: approve, reject with a reason, pause or resume. */
export const AdReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: z.uuid() }),
  z.object({
    intent: z.literal("reject"),
    id: z.uuid(),
    reason: requiredText(AD_MESSAGES.reasonRequired, 500, "Reason", "many"),
  }),
  z.object({ intent: z.enum(["pause", "resume"]), id: z.uuid() }),
  // An approved ad's new distance (docs/decisions/076-reviewed-edits.md).
  z.object({ intent: z.literal("approve-targeting"), id: z.uuid() }),
  z.object({
    intent: z.literal("reject-targeting"),
    id: z.uuid(),
    reason: requiredText(AD_MESSAGES.reasonRequired, 500, "Reason", "many"),
  }),
]);

export const AD_STATUSES = ["processing", "pending", "approved", "rejected", "paused", "ended"] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  processing: "Processing",
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
  paused: "Paused",
  ended: "Ended",
};

/** What an ad's status is worked out from. */
export interface AdStatusInput {
  reviewStatus: "pending" | "approved" | "rejected";
  rejectionReason: string | null;
  pausedAt: Date | string | null;
  endsOn: string | null;
  mediaStatus: "processing" | "ready" | "failed" | null;
  mediaError: string | null;
  /** A video's length once known; null for an image. */
  videoSeconds: number | null;
}

/**
 * An ad's one status and, for Rejected, why (docs/product.md#ads): Ended wins over Paused, Paused over the rest;
 * media that could not be made ready, or a video over the limit, reads as Rejected with the plain reason.
 */
export function adStatus(ad: AdStatusInput, today: string): { status: AdStatus; reason: string | null } {
  if (ad.endsOn && ad.endsOn < today) return { status: "ended", reason: null };
  if (ad.pausedAt) return { status: "paused", reason: null };
  if (ad.mediaStatus === "failed")
    return { status: "rejected", reason: ad.mediaError ?? AD_MESSAGES.mediaFailed };
  if (ad.mediaStatus !== "ready") return { status: "processing", reason: null };
  if (isTooLongForAnAd(ad.videoSeconds)) {
    return { status: "rejected", reason: AD_MESSAGES.videoTooLong };
  }
  if (ad.reviewStatus === "rejected") return { status: "rejected", reason: ad.rejectionReason };
  return { status: ad.reviewStatus, reason: null };
}

type Toast = FlashToast & { description: string };
const failed = (title: string, description: string): Toast => ({
  title,
  description,
  variant: "destructive",
});

export const AD_TOASTS = {
  created: {
    title: "Ad sent for review",
    description: "We'll email you when an admin has looked at it.",
  } as Toast,
  updated: { title: "Ad saved", description: "Your changes are saved." } as Toast,
  resubmitted: {
    title: "Ad sent for review",
    description: "Your changes go on screen once an admin approves them.",
  } as Toast,
  targetingSubmitted: {
    title: "New distance sent for review",
    description: "Your ad keeps playing where it does now until an admin approves the change.",
  } as Toast,
  saveFailed: failed("Error", "Failed to save the ad. Please try again."),
  paused: { title: "Ad paused", description: "It stops playing on the kiosks." } as Toast,
  resumed: { title: "Ad resumed", description: "It plays again when its schedule allows." } as Toast,
  deleted: { title: "Ad deleted", description: "The ad has been deleted." } as Toast,
  actionFailed: failed("Error", "That didn't work. Please try again."),
  adminPaused: failed("Paused by an admin", "Contact us to have this ad resumed."),
  approved: { title: "Ad approved", description: "The owner has been emailed." } as Toast,
  rejected: { title: "Ad rejected", description: "The owner has been emailed the reason." } as Toast,
  targetingApproved: { title: "New distance approved", description: "The owner has been emailed." } as Toast,
  targetingRejected: {
    title: "New distance rejected",
    description: "The ad keeps its distance; the owner has been emailed the reason.",
  } as Toast,
  notFound: failed("Not found", "That ad no longer exists."),
};
