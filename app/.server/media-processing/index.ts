export {
  createMediaProcessing,
  MEDIA_JOB,
  PROCESSING_FAILED,
  queueMediaProcessing,
  SOURCE_MISSING,
  type MediaProcessingOptions,
} from "./process-media";
export { probeVideo, unusableReason, UNREADABLE_VIDEO, type VideoProbe } from "./probe";
export { deleteRenditionRows, deleteRenditions } from "./renditions";
export { mediaTools, type MediaTools } from "./tools";
