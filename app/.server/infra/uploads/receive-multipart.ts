import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Storage } from "../storage";
import { storeUpload, type FileRule, type StoredUpload, type UploadQuota } from "./store-upload";
import { UploadError } from "./upload-error";

/** Room for the text fields and multipart framing on top of the files' own limits. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

export interface ReceiveOptions {
  /** The file fields the form may carry, each with its formats, size limit and key prefix. */
  files: Record<string, FileRule>;
  /**
   * Called when a file part begins, with the text fields received so far (clients send text fields first).
   * Throw to refuse the request before any byte of the file is stored; the error is rethrown as is.
   */
  beforeFile?: (fieldName: string, fields: Readonly<Record<string, string>>) => void;
  /** Per text field, in bytes (default 16 KiB); a longer value is refused as malformed. */
  maxFieldBytes?: number;
  /** How many text fields may come (default 32). */
  maxFields?: number;
  /**
   * What is left of the uploader's storage quota (absent: no quota). A request announcing more than that is
   * refused unread, a file part arriving when nothing is left is refused before it is stored, and the bytes of
   * all files together are counted against it as they arrive. It is counted down in place.
   */
  quota?: UploadQuota;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Stored files by field name; a file input left empty is simply absent. */
  files: Record<string, StoredUpload>;
}

/**
 * Reads a multipart/form-data request as it streams in (the reusable upload pipeline,
 * docs/architecture.md#a-form-with-files): text fields are collected, each file part is type-checked from its first
 * bytes and streamed to storage. Throws UploadError (or whatever `beforeFile` threw) and then keeps nothing. If the
 * caller's next step fails, it must call `discardUploads` for what this returned.
 */
export async function receiveMultipartUpload(
  request: Request,
  storage: Storage,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const budget = bodyBudget(options);
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\b/i.test(contentType)) {
    discardRequestBody(request, budget);
    throw new UploadError("malformed");
  }
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > budget) {
    discardRequestBody(request, budget);
    throw new UploadError("too-large");
  }
  if (options.quota && declared > options.quota.remainingBytes + FORM_OVERHEAD_BYTES) {
    discardRequestBody(request, budget);
    throw new UploadError("over-quota");
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fields: options.maxFields ?? 32,
        fieldSize: options.maxFieldBytes ?? 16 * 1024,
        files: Object.keys(options.files).length,
      },
    });
  } catch (cause) {
    drain(source, budget);
    throw new UploadError("malformed", { cause });
  }

  const fields: Record<string, string> = {};
  const files: Record<string, StoredUpload> = {};
  const pending: Promise<unknown>[] = [];

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let failed = false;
    let finished = false;
    const fail = (error: unknown) => {
      // Once resolved, the files belong to the caller: a late error (e.g. after the final boundary) changes nothing.
      if (failed || finished) return;
      failed = true;
      source.unpipe(parser);
      parser.destroy();
      // Reading on (and throwing away) lets the reply reach a browser that is still sending; see drain().
      drain(source, budget);
      void Promise.allSettled(pending)
        .then(() => discardUploads(storage, files))
        .finally(() => reject(error));
    };

    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(new UploadError("malformed"));
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // Failures are seen through the consumer (storeUpload) or not needed at all (a part being skipped); without
      // a listener, the error busboy gives a cut-off part would crash the process.
      stream.on("error", () => undefined);
      const rule = options.files[name];
      if (failed) return void stream.resume();
      if (!rule || name in files) return fail(new UploadError("malformed"));
      if (!info.filename) {
        // An empty file input still sends a part (no name, no bytes): treat it as "no file".
        return void stream.resume();
      }
      try {
        options.beforeFile?.(name, fields);
      } catch (error) {
        stream.resume();
        return fail(error);
      }
      if (options.quota && options.quota.remainingBytes <= 0) {
        stream.resume();
        return fail(new UploadError("over-quota"));
      }
      const task = storeUpload(storage, stream, rule, info.filename, options.quota).then((stored) => {
        if (stored) files[name] = stored;
      }, fail);
      pending.push(task);
    });
    for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
      parser.on(limit, () => fail(new UploadError("malformed")));
    }
    parser.on("error", (cause) => fail(new UploadError(source.errored ? "aborted" : "malformed", { cause })));
    parser.on("close", () => {
      void Promise.all(pending).then(() => {
        if (failed) return;
        finished = true;
        resolve({ fields, files });
      });
    });
    source.on("error", (cause) => fail(new UploadError("aborted", { cause })));
    source.pipe(parser);
  });
}

/** Removes files a failed request (or a failed follow-up step such as the row insert) had already stored. */
export async function discardUploads(storage: Storage, files: Record<string, StoredUpload>) {
  await Promise.allSettled(Object.values(files).map((file) => storage.delete(file.key)));
}

/**
 * For requests refused before their body was read (signed out, not multipart): read and throw the body away so
 * the reply can be delivered, up to `budget` bytes, after which the connection is cut.
 */
export function discardRequestBody(request: Request, budget: number) {
  if (!request.body || request.bodyUsed) return;
  drain(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), budget);
}

/**
 * Browsers read a reply only after sending the whole body, so a refused upload is read on and thrown away
 * (nothing is kept) instead of cutting the connection, which would turn our clear message into a network error.
 * A client that keeps sending past `budget` is cut off.
 */
function drain(source: Readable, budget: number) {
  let seen = 0;
  source.on("error", () => {
    // The client went away while we were discarding: nothing left to do.
  });
  source.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > budget) source.destroy();
  });
  source.resume();
}

/** The most a well-formed request for these fields can weigh. */
export function bodyBudget(options: Pick<ReceiveOptions, "files">): number {
  return Object.values(options.files).reduce((sum, rule) => sum + rule.maxBytes, FORM_OVERHEAD_BYTES);
}
