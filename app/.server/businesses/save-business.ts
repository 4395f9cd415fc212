import { BUSINESS_IMAGE_FIELDS, type ManagedBusiness, type SaveBusinessInput } from "~/lib/business-schemas";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { errorsUnder, type FormResult } from "~/lib/form-submission";
import { IMAGE_DIMENSIONS_MESSAGE, IMAGE_TYPES } from "~/lib/upload-types";
import {
  storageLimitBytes,
  storageQuotaMessage,
  StorageQuotaExceeded,
  uploadQuotaOf,
  type StorageQuota,
} from "../media/storage-quota";
import type { Services } from "../services";
import { bodyBudget, discardUploads, type StoredUpload, type ValidatedFormOptions } from "../infra/uploads";
import { timeZoneAt } from "../kiosks/time-zone";
import { zipCentroid } from "./geocode";
import { createBusiness, updateBusiness, type BusinessImages, type ManageViewer } from "./manage";

export type SaveBusinessResult =
  | { ok: true; mode: "create" | "update"; business: ManagedBusiness }
  /** Not a listing this viewer may edit (or no listing at all). */
  | { ok: false; status: 404 }
  /** The new images do not fit in the uploader's storage quota: the message is under their fields. */
  | { ok: false; status: 413; result: FormResult };

/**
 * How the business form streams in: images only (type from content, at most MAX_IMAGE_BYTES and the pixels the
 * site resizes), stored under the uploader's id and counted against their storage `quota` (null: none), with the
 * form's image messages under a refused file's field. A form without a new image goes through even when the
 * quota is used up.
 */
export function businessFormOptions(
  viewer: Pick<ManageViewer, "id">,
  quota: StorageQuota | null,
): ValidatedFormOptions {
  const rule = { allow: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, keyPrefix: `${viewer.id}/` };
  return {
    files: Object.fromEntries(BUSINESS_IMAGE_FIELDS.map((field) => [field, rule])),
    quota: uploadQuotaOf(quota),
    refusalMessages: {
      "invalid-type": IMAGE_FILE_MESSAGE,
      "too-large": IMAGE_TOO_LARGE_MESSAGE,
      "image-too-large": IMAGE_DIMENSIONS_MESSAGE,
      ...(quota ? { "over-quota": storageQuotaMessage(quota) } : {}),
    },
  };
}

/** The most a well-formed business form can weigh: refused requests are read (and dropped) up to this. */
export const BUSINESS_FORM_BUDGET = bodyBudget(businessFormOptions({ id: "any" }, null));

/**
 * The business dialog's save (add or edit): places the listing at its zip centroid and
 * creates it, or updates the one named by `input.id` if the viewer may manage it. New `images` become the
 * uploader's media rows, within their storage quota (claimed in the save's transaction). `images` were stored by
 * the form's receiver; whenever the save does not happen they are removed again, so nothing is left orphaned.
 */
export async function saveBusiness(
  { db, storage, env }: Pick<Services, "db" | "storage" | "env">,
  viewer: ManageViewer,
  input: SaveBusinessInput,
  images: Record<string, StoredUpload>,
): Promise<SaveBusinessResult> {
  try {
    const position = await zipCentroid(input.zip_code);
    const changes = {
      input,
      position,
      timeZone: timeZoneAt(position, env.SITE_TIMEZONE),
      images: images as BusinessImages,
      storageLimitBytes: storageLimitBytes(env, viewer),
    };
    if (!input.id) return { ok: true, mode: "create", business: await createBusiness(db, viewer, changes) };
    const business = await updateBusiness(db, viewer, input.id, changes);
    if (!business) {
      await discardUploads(storage, images);
      return { ok: false, status: 404 };
    }
    return { ok: true, mode: "update", business };
  } catch (error) {
    await discardUploads(storage, images);
    // Another upload of this account was recorded while the form streamed in.
    if (error instanceof StorageQuotaExceeded) {
      const message = storageQuotaMessage(error.quota);
      return { ok: false, status: 413, result: errorsUnder(Object.keys(images), message) };
    }
    throw error;
  }
}
