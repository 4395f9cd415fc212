import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform, pipeline } from "node:stream";
import {
  assertValidKey,
  FileTooLargeError,
  type PutOptions,
  type Storage,
  type StoredObjectInfo,
} from "./storage";

export interface S3StorageOptions {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, …); omit for AWS itself. */
  endpoint?: string;
  region: string;
  /** Public origin/prefix that serves the bucket directly (CDN); without it the app proxies at /media. */
  publicBaseUrl?: string;
  /** Path-style addressing (`endpoint/bucket/key`): what most self-hosted S3-compatible servers expect. */
  forcePathStyle?: boolean;
  /** Explicit keys (tests); by default the SDK's chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY etc. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface S3Storage extends Storage {
  readonly kind: "s3";
  /** Every key in the bucket, page by page (backups). */
  listKeys(): AsyncGenerator<string>;
  /** Releases the client's pooled sockets (shutdown, tests). */
  close(): void;
}

/** Files in an S3-compatible bucket; uploads are streamed as multipart (never whole in memory). */
export function createS3Storage({
  bucket,
  endpoint,
  region,
  publicBaseUrl,
  forcePathStyle = true,
  credentials,
}: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials,
    // The SDK's default (checksums on every request, aws-chunked bodies) is not understood by many
    // S3-compatible servers; only send/verify checksums where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const urlBase = (publicBaseUrl ?? "/media").replace(/\/+$/, "");

  return {
    kind: "s3",

    async put(key: string, body: Readable, { contentType, maxBytes }: PutOptions) {
      assertValidKey(key);
      let size = 0;
      // The first failure of the incoming stream (or the size limit); it is the real cause when the upload fails,
      // even if lib-storage then reports a different error (e.g. from aborting the multipart upload).
      let streamError: Error | undefined;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) {
            streamError ??= new FileTooLargeError(maxBytes);
            callback(streamError);
          } else {
            callback(null, chunk);
          }
        },
      });
      // pipeline destroys `limit` with the source's error (or a premature-close error), which makes the
      // uploader's read fail.
      pipeline(body, limit, (error) => {
        if (error) streamError ??= error;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: limit, ContentType: contentType },
      });
      try {
        await upload.done();
        return { size };
      } catch (error) {
        limit.destroy();
        body.destroy();
        // lib-storage aborts a failed multipart upload itself, and a single PUT is only sent once the body has
        // ended; delete anyway so that no failure path (e.g. a PUT that landed but whose answer was lost) leaves
        // an object under the key. Keys are unique per upload, so this never removes someone else's file.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
        throw streamError ?? error;
      }
    },

    async delete(key: string) {
      assertValidKey(key);
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async stat(key: string): Promise<StoredObjectInfo | null> {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? "application/octet-stream",
          etag: head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"`,
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key: string, range?: { start: number; end: number }) {
      assertValidKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // In Node the body is an http.IncomingMessage; anything else means a non-Node runtime we don't support.
        if (!(object.Body instanceof Readable)) throw new Error("S3 GetObject returned a non-stream body");
        return object.Body;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    publicUrl(key: string) {
      return `${urlBase}/${key}`;
    },

    async *listKeys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
}
