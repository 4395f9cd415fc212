import { BUSINESS_IMAGE_FIELDS, BusinessSchema, type ManagedBusiness } from "~/lib/business-schemas";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { IMAGE_DIMENSIONS_MESSAGE, IMAGE_TYPES } from "~/lib/upload-types";
import { fieldErrorsOf, type FieldErrors } from "~/lib/use-form-validation";
import {
  storageQuotaMessage,
  storageQuotaOf,
  StorageQuotaExceeded,
  uploadQuotaOf,
  type StorageQuota,
} from "../media/storage-quota";
import type { Services } from "../services";
import {
  bodyBudget,
  discardUploads,
  receiveMultipartUpload,
  UploadError,
  type ReceiveOptions,
  type ReceivedUpload,
} from "../uploads";
import { zipCentroid } from "./geocode";
import { createBusiness, updateBusiness, type BusinessImages, type ManageViewer } from "./manage";

export type SaveBusinessResult =
  | { ok: true; mode: "create" | "update"; business: ManagedBusiness }
  /** 400/413/415: the person can fix it (field errors); 404: not a listing this viewer may edit. */
  | { ok: false; status: number; fieldErrors?: FieldErrors };

/** Raised inside the stream, before any file byte is stored, when the text fields fail the schema. */
class FieldsRefused extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super("business form fields refused");
  }
}

/** The form's file fields: images only (type from content), stored under the uploader's id. */
export function businessImageRules(viewer: Pick<ManageViewer, "id">): ReceiveOptions["files"] {
  const rule = { allow: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, keyPrefix: `${viewer.id}/` };
  return Object.fromEntries(BUSINESS_IMAGE_FIELDS.map((field) => [field, rule]));
}

/** The most a well-formed business form can weigh: refused requests are read (and dropped) up to this. */
export const BUSINESS_FORM_BUDGET = bodyBudget({ files: businessImageRules({ id: "any" }) });

/**
 * The business dialog's save (spec §4 add/edit, §7 insert/update): reads the streamed multipart form (text fields
 * first, then `image` / `owner_image`), validates the text with BusinessSchema before storing any file, stores new
 * images through the upload pipeline, places the listing at its zip centroid and creates it, or updates the one
 * named by `id` if the viewer may manage it. Whatever goes wrong after files were stored, they are removed again.
 */
export async function saveBusinessFromForm(
  { db, storage, env }: Pick<Services, "db" | "storage" | "env">,
  viewer: ManageViewer,
  request: Request,
): Promise<SaveBusinessResult> {
  const filesSent: string[] = [];
  // New images count against the uploader's storage quota (they become their media rows); edits without one
  // go through even when it is full.
  const quota = await storageQuotaOf(db, env, viewer);
  let received: ReceivedUpload;
  try {
    received = await receiveMultipartUpload(request, storage, {
      files: businessImageRules(viewer),
      beforeFile: (field, fields) => {
        const parsed = BusinessSchema.safeParse(fields);
        if (!parsed.success) throw new FieldsRefused(fieldErrorsOf(parsed.error));
        filesSent.push(field);
      },
      quota: uploadQuotaOf(quota),
    });
  } catch (error) {
    if (error instanceof FieldsRefused) return { ok: false, status: 400, fieldErrors: error.fieldErrors };
    if (error instanceof UploadError) return uploadRefusal(error, filesSent, quota);
    throw error;
  }

  const parsed = BusinessSchema.safeParse(received.fields);
  if (!parsed.success) {
    await discardUploads(storage, received.files);
    return { ok: false, status: 400, fieldErrors: fieldErrorsOf(parsed.error) };
  }

  try {
    const changes = {
      input: parsed.data,
      position: await zipCentroid(parsed.data.zip_code),
      images: received.files as BusinessImages,
      storageLimitBytes: quota?.limitBytes ?? null,
    };
    const id = received.fields.id?.trim();
    if (!id) return { ok: true, mode: "create", business: await createBusiness(db, viewer, changes) };
    const business = await updateBusiness(db, viewer, id, changes);
    if (!business) {
      await discardUploads(storage, received.files);
      return { ok: false, status: 404 };
    }
    return { ok: true, mode: "update", business };
  } catch (error) {
    await discardUploads(storage, received.files);
    if (error instanceof StorageQuotaExceeded) {
      const message = storageQuotaMessage(error.quota);
      return { ok: false, status: 413, fieldErrors: fieldErrorsFor(Object.keys(received.files), message) };
    }
    throw error;
  }
}

/**
 * A refused file. The pipeline does not say which part it was, so the message goes under every image field that
 * carried a file (the dialog already refuses non-images by name and type; this catches disguised files).
 */
function uploadRefusal(
  error: UploadError,
  filesSent: string[],
  quota: StorageQuota | null,
): SaveBusinessResult {
  const messages: Partial<Record<UploadError["reason"], string>> = {
    "invalid-type": IMAGE_FILE_MESSAGE,
    "too-large": IMAGE_TOO_LARGE_MESSAGE,
    "image-too-large": IMAGE_DIMENSIONS_MESSAGE,
    "over-quota": quota ? storageQuotaMessage(quota) : undefined,
  };
  const message = messages[error.reason];
  if (!message || filesSent.length === 0) return { ok: false, status: error.status };
  return { ok: false, status: error.status, fieldErrors: fieldErrorsFor(filesSent, message) };
}

function fieldErrorsFor(fields: string[], message: string): FieldErrors {
  return Object.fromEntries(fields.map((field) => [field, [message]]));
}
