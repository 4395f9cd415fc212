import type { z } from "zod";
import { errorsUnder, parseFormData, type FormResult } from "~/lib/form-submission";
import type { Storage } from "../storage";
import { discardUploads, receiveMultipartUpload, type ReceiveOptions } from "./receive-multipart";
import type { StoredUpload } from "./store-upload";
import { UploadError, type UploadRefusalReason } from "./upload-error";

export interface ValidatedFormOptions extends Omit<ReceiveOptions, "beforeFile"> {
  /** File fields that must carry a file: a form without one is refused (`missingFile`) before its text is read. */
  requiredFiles?: readonly string[];
  /** The message shown under a file field whose file was refused for this reason; otherwise no field message. */
  refusalMessages?: Partial<Record<UploadRefusalReason, string>>;
  /**
   * When storing a file fails (storage unavailable) after the text fields passed, go on without that form's files
   * instead of throwing; `storageError` then says what happened.
   */
  keepFieldsWhenStorageFails?: boolean;
}

export type ValidatedForm<Value> =
  | { ok: true; value: Value; files: Record<string, StoredUpload>; storageError?: unknown }
  | {
      ok: false;
      status: number;
      /** Messages for the person: under the text fields that failed, or under the refused file's field. */
      result?: FormResult;
      /** Why a file (or the request) was refused; absent when only the text fields failed. */
      refusal?: UploadRefusalReason;
      missingFile?: string;
    };

/** Raised inside the stream when the text fields fail, so no byte of the next file is stored. */
class FieldsRefused extends Error {
  constructor(readonly result: FormResult) {
    super("form fields refused");
  }
}

/**
 * The one streamed-form receiver (media, business and story saves): reads a multipart form as it streams in,
 * checks the text fields with the form's shared schema before any byte of a file is stored, streams the files to
 * storage (receiveMultipartUpload), then parses the whole form. A failure of any kind keeps nothing: no file stays
 * stored. On success the caller owns `files` and must `discardUploads` them if its own save does not happen.
 */
export async function receiveValidatedForm<S extends z.ZodType>(
  request: Request,
  storage: Storage,
  schema: S,
  options: ValidatedFormOptions,
): Promise<ValidatedForm<z.output<S>>> {
  const {
    requiredFiles = [],
    refusalMessages = {},
    keepFieldsWhenStorageFails = false,
    ...receive
  } = options;
  const fileFields: string[] = [];
  // The text fields as they passed before the first file; an object, so TypeScript sees the callback's assignment.
  const checked: { fields: Record<string, string> | null } = { fields: null };
  let received: { fields: Record<string, string>; files: Record<string, StoredUpload> };
  let storageError: unknown;
  try {
    received = await receiveMultipartUpload(request, storage, {
      ...receive,
      beforeFile: (field, fields) => {
        const submission = parseFormData(new URLSearchParams(fields), schema);
        if (submission.status !== "success") throw new FieldsRefused(submission.reply());
        checked.fields = { ...fields };
        fileFields.push(field);
      },
    });
  } catch (error) {
    if (error instanceof FieldsRefused) return { ok: false, status: 400, result: error.result };
    if (error instanceof UploadError) return refusalOf(error, fileFields, refusalMessages[error.reason]);
    if (!keepFieldsWhenStorageFails || !checked.fields) throw error;
    received = { fields: checked.fields, files: {} };
    storageError = error;
  }

  const missingFile = storageError ? undefined : requiredFiles.find((field) => !received.files[field]);
  if (missingFile) {
    await discardUploads(storage, received.files);
    return { ok: false, status: 400, missingFile };
  }
  const submission = parseFormData(new URLSearchParams(received.fields), schema);
  if (submission.status !== "success") {
    await discardUploads(storage, received.files);
    return { ok: false, status: 400, result: submission.reply() };
  }
  return { ok: true, value: submission.value, files: received.files, storageError };
}

/**
 * A refused file or request. The pipeline does not say which part it was, so the message goes under every file
 * field that carried a file (the browser already refuses files by name and type; this catches disguised ones).
 */
function refusalOf(error: UploadError, fileFields: string[], message: string | undefined) {
  const result = message && fileFields.length > 0 ? errorsUnder(fileFields, message) : undefined;
  return { ok: false as const, status: error.status, refusal: error.reason, result };
}

/** Whether a request is a streamed (multipart) form: a dialog's save with files, not a small form. */
export function isMultipartForm(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
}
