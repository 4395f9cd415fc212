import { oneLine, optionalText } from "./form-fields";
import type { MediaShape } from "./media-shape";
import { z } from "./zod";
import type { FlashToast } from "./flash-toast";
import { IMAGE_DIMENSIONS_MESSAGE } from "./upload-types";

/** docs/product.md#limits: the stated 100MB upload limit, enforced by the server while the file streams in. */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** docs/product.md#media-upload-form: the hint under the file picker. */
export const MEDIA_UPLOAD_HINT = "JPG, PNG, MP4, MOV, AVI (MAX. 100MB)";

/** Where the upload dialog posts (app/routes/resources/media-upload.ts). */
export const MEDIA_UPLOAD_URL = "/dashboard/media";

/**
 * The text fields of the upload form (docs/product.md#media-upload-form): title required and trimmed; description and
 * notes optional and trimmed. The file itself is checked by type and size, not by this schema.
 */
export const MediaUploadSchema = z.object({
  title: oneLine("Title", "Please enter a title for your media.")
    .min(1, "Please enter a title for your media.")
    .max(200, "Title must be 200 characters or less"),
  description: optionalText(2000, "Description", "many"),
  notes: optionalText(2000, "Notes", "many"),
});

export type MediaUploadFields = z.infer<typeof MediaUploadSchema>;

/** The dashboard's delete form. */
export const DeleteMediaSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid(),
});

type Toast = FlashToast & { description: string };
const destructive = (title: string, description: string): Toast => ({
  title,
  description,
  variant: "destructive",
});

/** The media dashboard's toasts (docs/product.md#toasts), used by both the client checks and the server replies. */
export const MEDIA_TOASTS = {
  noFile: destructive("No file selected", "Please select an image or video file to upload."),
  invalidType: destructive("Invalid file type", "Please select an image or video file."),
  titleRequired: destructive("Title required", "Please enter a title for your media."),
  authRequired: destructive("Authentication required", "Please sign in to upload media."),
  // Not in the spec (its limit was text only): the server now enforces it, so it says so plainly.
  tooLarge: destructive("File too large", "Please choose a file of 100MB or less."),
  // Not in the spec either: images too large to show safely (docs/security.md, "Media files").
  imageTooLarge: destructive("Image too large", IMAGE_DIMENSIONS_MESSAGE),
  // The server fills in the account's own limit (app/.server/media/storage-quota.ts).
  storageFull: destructive("Storage full", "Delete some media to upload more."),
  uploadFailed: destructive("Upload failed", "There was an error uploading your media. Please try again."),
  uploaded: {
    title: "Upload successful!",
    description: "Your media has been uploaded successfully.",
  } as Toast,
  loadFailed: destructive("Error", "Failed to load media files."),
  deleted: { title: "Media deleted", description: "Your media has been deleted successfully." } as Toast,
  deleteFailed: destructive("Delete failed", "There was an error deleting your media."),
} as const;

/**
 * The toast for text fields that do not pass MediaUploadSchema (client check and server reply alike): the first
 * message, as 'Title required' when it is the title's required message.
 */
export function uploadFieldsToast(errors: Record<string, string[] | null> | undefined): FlashToast {
  const message = Object.values(errors ?? {}).find((messages) => messages?.length)?.[0];
  if (!message || message === MEDIA_TOASTS.titleRequired.description) return MEDIA_TOASTS.titleRequired;
  return { title: "Upload failed", description: message, variant: "destructive" };
}

/** One media item as the dashboard shows it. */
export interface MediaItem {
  id: string;
  title: string;
  description: string | null;
  fileName: string;
  fileUrl: string;
  fileType: string;
  fileSize: number;
  createdAt: Date;
  /** A business or story still shows this file, so deleting the item keeps the file (and the listing's image). */
  inUse: boolean;
  /** Getting it ready for kiosk screens (docs/product.md#media-dashboard); null for an item never queued. */
  processingStatus: MediaProcessingStatus | null;
  /** Why it cannot be shown on a screen, in words for its owner, when processing failed. */
  processingError: string | null;
  /** A processed video's length in seconds. */
  durationSec: number | null;
  /** Tall, wide or square on a screen, once processed (~/lib/media-shape). */
  shape: MediaShape | null;
  /** What a screen shows once ready: the H.264 MP4 (videos) or the normalized image, and a video's poster frame. */
  screenUrl: string | null;
  posterUrl: string | null;
  /** The ads made from it: deleting the item deletes them too. */
  adsCount: number;
}

export type MediaProcessingStatus = "processing" | "ready" | "failed";

/** A video's length as a card shows it: "0:07", "1:05". Rounded to the nearest second. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The delete confirmation's warning when ads use the item (docs/product.md#confirmations). */
export function adsDeletedWarning(adsCount: number): string | null {
  if (adsCount === 0) return null;
  return adsCount === 1
    ? "This file is used by 1 ad; deleting it deletes it too."
    : `This file is used by ${adsCount} ads; deleting it deletes them too.`;
}

/** docs/product.md#dates-and-numbers: size in MB with one decimal, bytes / 1048576. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/**
 * docs/product.md#dates-and-numbers: dates in en-US long format, in the site's time zone so server and browser render
 * the same day.
 */
export function formatLongDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone,
  }).format(date);
}

export function isVideoType(mime: string): boolean {
  return mime.startsWith("video/");
}
