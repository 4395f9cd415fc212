import { BUSINESS_IMAGE_FIELDS, type ManagedBusiness, type SaveBusinessInput } from "~/lib/business-schemas";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { IMAGE_TYPES } from "~/lib/upload-types";
import type { Services } from "../services";
import { bodyBudget, discardUploads, type StoredUpload, type ValidatedFormOptions } from "../uploads";
import { zipCentroid } from "./geocode";
import { createBusiness, updateBusiness, type BusinessImages, type ManageViewer } from "./manage";

export type SaveBusinessResult =
  | { ok: true; mode: "create" | "update"; business: ManagedBusiness }
  /** Not a listing this viewer may edit (or no listing at all). */
  | { ok: false; status: 404 };

/**
 * How the business form streams in: images only (type from content, at most MAX_IMAGE_BYTES), stored under the
 * uploader's id, with the form's image messages under a refused file's field.
 */
export function businessFormOptions(viewer: Pick<ManageViewer, "id">): ValidatedFormOptions {
  const rule = { allow: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, keyPrefix: `${viewer.id}/` };
  return {
    files: Object.fromEntries(BUSINESS_IMAGE_FIELDS.map((field) => [field, rule])),
    refusalMessages: { "invalid-type": IMAGE_FILE_MESSAGE, "too-large": IMAGE_TOO_LARGE_MESSAGE },
  };
}

/** The most a well-formed business form can weigh: refused requests are read (and dropped) up to this. */
export const BUSINESS_FORM_BUDGET = bodyBudget(businessFormOptions({ id: "any" }));

/**
 * The business dialog's save (add or edit): places the listing at its zip centroid and
 * creates it, or updates the one named by `input.id` if the viewer may manage it. `images` were stored by the
 * form's receiver; whenever the save does not happen they are removed again, so nothing is left orphaned.
 */
export async function saveBusiness(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: ManageViewer,
  input: SaveBusinessInput,
  images: Record<string, StoredUpload>,
): Promise<SaveBusinessResult> {
  try {
    const changes = {
      input,
      position: await zipCentroid(input.zip_code),
      images: images as BusinessImages,
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
    throw error;
  }
}
