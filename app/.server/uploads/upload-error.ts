/**
 * Why an upload was refused. Every reason means nothing was kept: no stored file, and the caller writes no row.
 * - `invalid-type`: the content is not one of the allowed formats (whatever its name or declared type says).
 * - `too-large`: more than the limit arrived (or the request announced more).
 * - `malformed`: not a multipart form, an unexpected part, or too many / too long fields.
 * - `aborted`: the request body broke off before the form was complete (client went away, connection cut).
 */
export type UploadRefusalReason = "invalid-type" | "too-large" | "malformed" | "aborted";

const STATUS: Record<UploadRefusalReason, number> = {
  "invalid-type": 415,
  "too-large": 413,
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
