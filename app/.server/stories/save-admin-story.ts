import {
  MAX_STORY_CONTENT_LENGTH,
  STORY_IMAGE_FIELD,
  type AdminStory,
  type SaveStoryInput,
} from "~/lib/admin-story-schemas";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { IMAGE_DIMENSIONS_MESSAGE, IMAGE_TYPES } from "~/lib/upload-types";
import type { AdminViewer, Forbidden } from "../auth/admin-only";
import type { Services } from "../services";
import { bodyBudget, discardUploads, type StoredUpload, type ValidatedFormOptions } from "../infra/uploads";
import { createStory, updateStory, type NotFound, type UnknownListing } from "./admin-stories";

/** Markdown may hold multi-byte characters: four bytes a character at most. */
const MAX_FIELD_BYTES = MAX_STORY_CONTENT_LENGTH * 4;

/**
 * How the story form streams in: the background is an image (decided from its bytes) stored under
 * `story-backgrounds/`; if storing it fails, the story is saved without it rather than lost. No storage quota:
 * stories are admins' alone, and admins have none (../media/storage-quota.ts).
 */
export const STORY_FORM_OPTIONS: ValidatedFormOptions = {
  files: {
    [STORY_IMAGE_FIELD]: { allow: IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, keyPrefix: "story-backgrounds/" },
  },
  maxFieldBytes: MAX_FIELD_BYTES,
  refusalMessages: {
    "invalid-type": IMAGE_FILE_MESSAGE,
    "too-large": IMAGE_TOO_LARGE_MESSAGE,
    "image-too-large": IMAGE_DIMENSIONS_MESSAGE,
  },
  keepFieldsWhenStorageFails: true,
};

/** The most a well-formed story form can weigh: refused requests are read (and dropped) up to this. */
export const STORY_FORM_BUDGET = bodyBudget(STORY_FORM_OPTIONS) + MAX_FIELD_BYTES;

export type SaveStoryResult =
  { ok: true; mode: "create" | "update"; story: AdminStory } | Forbidden | NotFound | UnknownListing;

/**
 * The story dialog's save (create or edit, with its background image): creates the story, or
 * updates the one named by `input.id`. Admins only. `files` were stored by the form's receiver; whenever the save
 * does not happen they are removed again, so nothing is left orphaned.
 */
export async function saveStory(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: AdminViewer,
  input: SaveStoryInput,
  files: Record<string, StoredUpload>,
): Promise<SaveStoryResult> {
  const image = files[STORY_IMAGE_FIELD];
  try {
    const result = input.id
      ? await updateStory(db, viewer, input.id, input, image)
      : await createStory(db, viewer, input, image);
    if (!result.ok) {
      await discardUploads(storage, files);
      return result;
    }
    return { ok: true, mode: input.id ? "update" : "create", story: result.story };
  } catch (error) {
    await discardUploads(storage, files);
    throw error;
  }
}
