import { AD_LONGEST_VIDEO_SECONDS, AD_MAX_IMAGE_SECONDS, AD_MAX_VIDEO_SECONDS } from "~/lib/ad-schemas";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "~/lib/upload-types";
import { isOversized } from "../infra/storage/image-dimensions";
import type { VideoProbe } from "./probe";

/**
 * How much work one media item may cost (docs/security.md, "Bounded media work"). Every value can be replaced for a
 * test through `createMediaProcessing({ limits })`.
 */
export interface MediaLimits {
  /** A video longer than this is refused before any work. */
  maxSourceSeconds: number;
  /** The screen copy holds at most this much of a video: the longest an ad is on screen. */
  maxScreenSeconds: number;
  /** How long ffmpeg may run to make a screen copy of `seconds` before it is killed. */
  transcodeTimeLimitMs: (seconds: number) => number;
  /** How long ffprobe, and ffmpeg for a poster frame, may run. */
  toolTimeLimitMs: number;
}

/** The longest anything is on a screen: an ad's video (with its leeway) or an image's on-screen time. */
const LONGEST_ON_SCREEN = Math.max(AD_LONGEST_VIDEO_SECONDS, AD_MAX_IMAGE_SECONDS);

/**
 * Ten times the longest ad. A cut a little over the limit (a one-minute promo) is still made ready, so its card can
 * say "Videos can be at most 30 seconds long." and preview it; a recording of many minutes is not an ad, and is
 * refused with its own reason rather than quietly cut to its first half-minute.
 */
const MAX_SOURCE_SECONDS = 10 * AD_MAX_VIDEO_SECONDS;

/**
 * 30 s of 1080p took 25–30 s of one core, and up to 116 s of wall time at nice 19 on a two-core machine loaded by
 * other work (docs/performance.md, "Media processing"): about 4 s per second of output. 20 s per second (about ten
 * minutes for the longest ad) is five times that, and no limit is below two minutes, however short the clip.
 */
const TIME_LIMIT_MS_PER_SECOND = 20_000;
const TIME_LIMIT_FLOOR_MS = 2 * 60_000;

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxSourceSeconds: MAX_SOURCE_SECONDS,
  maxScreenSeconds: LONGEST_ON_SCREEN,
  transcodeTimeLimitMs: (seconds) => Math.max(TIME_LIMIT_FLOOR_MS, seconds * TIME_LIMIT_MS_PER_SECOND),
  toolTimeLimitMs: TIME_LIMIT_FLOOR_MS,
};

/** The owner's reasons (the media card shows them; docs/product.md#media-dashboard). */
export const VIDEO_TOO_LARGE =
  `This video's picture is too large: at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels on a side ` +
  `and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all.`;
export const videoTooLong = (maxSeconds: number) =>
  `This video is longer than ${minutes(maxSeconds)}; an ad plays at most ${AD_MAX_VIDEO_SECONDS} seconds. ` +
  `Please upload a shorter cut.`;
export const PROCESSING_TOO_SLOW =
  "This video took too long to make ready for screens. Please upload a shorter or smaller file.";

const minutes = (seconds: number) =>
  seconds % 60 === 0 && seconds >= 60
    ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}`
    : `${seconds} seconds`;

/**
 * Why a video's size or length is more than this site does any work for, in words for its owner; null when it is
 * within bounds. The picture is held to the images' cap (the same constants): a frame is decoded like an image.
 */
export function outOfBoundsReason(probe: VideoProbe, limits: MediaLimits): string | null {
  if (isOversized(probe)) return VIDEO_TOO_LARGE;
  if (probe.durationSec !== null && probe.durationSec > limits.maxSourceSeconds)
    return videoTooLong(limits.maxSourceSeconds);
  return null;
}
