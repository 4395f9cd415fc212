/**
 * Why an upload was refused. Every reason means nothing was kept: no stored file, and the caller writes no row.
 * - `invalid-type`: the content is not one of the allowed formats (whatever its name or declared type says), or
 *   an image whose header cannot be read.
 * - `too-large`: more than the limit arrived (or the request announced more).
 * - `image-too-large`: an image whose header states more pixels than the site resizes (MAX_IMAGE_SIDE and
 *   MAX_IMAGE_PIXELS in app/lib/upload-types.ts).
 * - `over-quota`: the files would not fit in what is left of the account's storage quota.
 * - `malformed`: not a multipart form, an unexpected part, or too many / too long fields.
 * - `aborted`: the request body broke off before the form was complete (client went away, connection cut).
 */
export type UploadRefusalReason =
  "invalid-type" | "too-large" | "image-too-large" | "over-quota" | "malformed" | "aborted";

const STATUS: Record<UploadRefusalReason, number> = {
  "invalid-type": 415,
  "too-large": 413,
  "image-too-large": 422,
  "over-quota": 413,
  malformed: 400,
  aborted: 400,
};

export class UploadError extends Error {
  readonly status: number;

  constructor(
    readonly reason: UploadRefusalReason,
    options?: { cause?: unknown },
  ) {
    super(`Upload refused: ${reason}`, options);
    this.name = "UploadError";
    this.status = STATUS[reason];
  }
}
