import { z } from "zod";
import { IMAGE_TYPES, looksAllowed } from "./upload-types";

/** Spec §5: what image fields say about anything that is not an image (client pick, client submit, server sniff). */
export const IMAGE_FILE_MESSAGE = "Please select an image file.";
/** Form images (business, owner, story background) are photos, not video: 20 MB is plenty and bounds a save. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = "Please choose an image of 20MB or less.";

/** A required text input: blank gets `message`, longer than `max` gets "{label} must be {max} characters or less". */
export const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be ${max} characters or less`);

/** An optional text input: blank becomes null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .optional()
    .transform((value) => value || null);

/**
 * A file input's value in the browser: absent, an empty input (a nameless, empty File), or a file the browser calls
 * an image of at most MAX_IMAGE_BYTES. The server never sees files here (they stream past the schema) and checks
 * their bytes instead.
 */
export const imageFile = z
  .unknown()
  .refine(
    (value) =>
      value === undefined ||
      (typeof File !== "undefined" &&
        value instanceof File &&
        ((value.size === 0 && !value.name) || looksAllowed(IMAGE_TYPES, value))),
    IMAGE_FILE_MESSAGE,
  )
  .refine((value) => !(value instanceof Blob) || value.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE_MESSAGE)
  .optional();
