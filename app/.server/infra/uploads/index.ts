/** The reusable upload pipeline: media, business images and story backgrounds all come in through here. */
export { IMAGE_TYPES, MEDIA_TYPES, VIDEO_TYPES, type AllowList, type AllowedType } from "~/lib/upload-types";
export { sanitizeFileName } from "./file-name";
export {
  bodyBudget,
  discardRequestBody,
  discardUploads,
  receiveMultipartUpload,
  type ReceiveOptions,
  type ReceivedUpload,
} from "./receive-multipart";
export {
  isMultipartForm,
  receiveValidatedForm,
  type ValidatedForm,
  type ValidatedFormOptions,
} from "./receive-validated-form";
export { SNIFF_BYTES, storeUpload, type FileRule, type StoredUpload, type UploadQuota } from "./store-upload";
export { UploadError, type UploadRefusalReason } from "./upload-error";
