import {
  AdminStorySchema,
  MAX_STORY_CONTENT_LENGTH,
  STORY_IMAGE_FIELD,
  type AdminStory,
} from "~/lib/admin-story-schemas";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { IMAGE_DIMENSIONS_MESSAGE, IMAGE_TYPES } from "~/lib/upload-types";
import { fieldErrorsOf, type FieldErrors } from "~/lib/use-form-validation";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Services } from "../services";
import {
  bodyBudget,
  discardRequestBody,
  discardUploads,
  receiveMultipartUpload,
  UploadError,
  type ReceiveOptions,
  type ReceivedUpload,
} from "../uploads";
import { createStory, updateStory, type NotFound } from "./admin-stories";

/** Spec §3: story backgrounds live under `story-backgrounds/`; images only, decided from the file's bytes. */
const STORY_FILES: ReceiveOptions["files"] = {
  [STORY_IMAGE_FIELD]: {
    allow: IMAGE_TYPES,
    maxBytes: MAX_IMAGE_BYTES,
    keyPrefix: "story-backgrounds/",
  },
};
/** Markdown may hold multi-byte characters: four bytes a character at most. */
const MAX_FIELD_BYTES = MAX_STORY_CONTENT_LENGTH * 4;

/** The most a well-formed story form can weigh: refused requests are read (and dropped) up to this. */
export const STORY_FORM_BUDGET = bodyBudget({ files: STORY_FILES }) + MAX_FIELD_BYTES;

export type SaveStoryResult =
  | { ok: true; mode: "create" | "update"; story: AdminStory; imageFailed: boolean }
  | Forbidden
  | NotFound
  /** 400/413/415: the admin can fix it (field errors), or the form itself was unreadable (no field errors). */
  | { ok: false; status: number; reason: "invalid"; fieldErrors?: FieldErrors };

/** Raised inside the stream, before any file byte is stored, when the text fields fail the schema. */
class FieldsRefused extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super("story form fields refused");
  }
}

interface SaveLog {
  error(details: object, message: string): void;
}

/**
 * The story dialog's save (spec §2 create/edit, §7 insert/update and "Background image"): reads the streamed
 * multipart form (text fields first, then `background_image`), checks the text with AdminStorySchema before a byte
 * of the image is stored, and creates the story or updates the one named by `id`. If storing the image fails, the
 * error is logged and the story is saved without a new image (spec §8); a file that is not an image is refused.
 */
export async function saveStoryFromForm(
  { db, storage }: Pick<Services, "db" | "storage">,
  viewer: AdminViewer,
  request: Request,
  log: SaveLog,
): Promise<SaveStoryResult> {
  if (!viewer.isAdmin) {
    discardRequestBody(request, STORY_FORM_BUDGET);
    return FORBIDDEN;
  }
  let received: ReceivedUpload;
  // Filled in by the stream callback; an object so TypeScript sees the assignment.
  const beforeImage: { fields: Record<string, string> | null } = { fields: null };
  let imageFailed = false;
  try {
    received = await receiveMultipartUpload(request, storage, {
      files: STORY_FILES,
      maxFieldBytes: MAX_FIELD_BYTES,
      beforeFile: (_field, fields) => {
        const parsed = AdminStorySchema.safeParse(fields);
        if (!parsed.success) throw new FieldsRefused(fieldErrorsOf(parsed.error));
        beforeImage.fields = { ...fields };
      },
    });
  } catch (error) {
    if (error instanceof FieldsRefused) return invalid(400, error.fieldErrors);
    if (error instanceof UploadError) return uploadRefusal(error);
    // Storage failed while the image streamed in. The text fields came first and already passed the schema.
    if (!beforeImage.fields) throw error;
    log.error(
      { err: error, userId: viewer.id },
      "story background upload failed; saving the story without it",
    );
    received = { fields: beforeImage.fields, files: {} };
    imageFailed = true;
  }

  const parsed = AdminStorySchema.safeParse(received.fields);
  if (!parsed.success) {
    await discardUploads(storage, received.files);
    return invalid(400, fieldErrorsOf(parsed.error));
  }
  const image = received.files[STORY_IMAGE_FIELD];
  try {
    const id = received.fields.id?.trim();
    const result = id
      ? await updateStory(db, viewer, id, parsed.data, image)
      : await createStory(db, viewer, parsed.data, image);
    if (!result.ok) {
      await discardUploads(storage, received.files);
      return result;
    }
    return { ok: true, mode: id ? "update" : "create", story: result.story, imageFailed };
  } catch (error) {
    await discardUploads(storage, received.files);
    throw error;
  }
}

function invalid(status: number, fieldErrors?: FieldErrors): SaveStoryResult {
  return { ok: false, status, reason: "invalid", fieldErrors };
}

/**
 * A refused file: not an image by its bytes, or too large (bytes or pixels); anything else means the form itself
 * was unreadable.
 */
function uploadRefusal(error: UploadError): SaveStoryResult {
  if (error.reason === "invalid-type") {
    return invalid(error.status, { [STORY_IMAGE_FIELD]: [IMAGE_FILE_MESSAGE] });
  }
  if (error.reason === "too-large") {
    return invalid(error.status, { [STORY_IMAGE_FIELD]: [IMAGE_TOO_LARGE_MESSAGE] });
  }
  if (error.reason === "image-too-large") {
    return invalid(error.status, { [STORY_IMAGE_FIELD]: [IMAGE_DIMENSIONS_MESSAGE] });
  }
  return invalid(error.status);
}
