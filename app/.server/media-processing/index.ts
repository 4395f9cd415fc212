export {
  cancelMediaProcessing,
  createMediaProcessing,
  MEDIA_JOB,
  mediaJob,
  PROCESSING_FAILED,
  queueMediaProcessing,
  SOURCE_MISSING,
  type MediaProcessingOptions,
} from "./process-media";
export { probeVideo, unusableReason, UNREADABLE_VIDEO, type VideoProbe } from "./probe";
export { deleteRenditionRows, deleteRenditions } from "./renditions";
export { mediaTools, type MediaTools } from "./tools";
export {
  DEFAULT_MEDIA_LIMITS,
  PROCESSING_TOO_SLOW,
  VIDEO_TOO_LARGE,
  videoTooLong,
  type MediaLimits,
} from "./limits";
