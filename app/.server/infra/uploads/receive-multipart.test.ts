import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalStorage, FileTooLargeError, type Storage } from "../storage";
import { IMAGE_TYPES, receiveMultipartUpload, UploadError } from ".";
import {
  generatedBytes,
  multipartBody,
  TINY_PNG,
  type MultipartFilePart,
} from "../../../../tests/support/test-multipart";

const MB = 1024 * 1024;
let dir = "";
let storage: Storage;

function requestOf(
  fields: Record<string, string>,
  files: MultipartFilePart[] = [],
  headers: Record<string, string> = {},
) {
  const { body, contentType } = multipartBody(fields, files);
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "Content-Type": contentType, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dir, "uploads"), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function refusalOf(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

const imageRule = (maxBytes = MB) => ({ allow: IMAGE_TYPES, maxBytes, keyPrefix: "business-images/" });
const png = (field = "file", filename = "a.png"): MultipartFilePart => ({
  field,
  filename,
  contentType: "image/png",
  content: TINY_PNG,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-uploads-"));
  storage = createLocalStorage({ root: path.join(dir, "uploads") });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("receiveMultipartUpload", () => {
  it("collects text fields and stores several file fields under the given prefix", async () => {
    const received = await receiveMultipartUpload(
      requestOf({ name: "Sunny Bakery", city: "Fresno" }, [
        png("image", "front.png"),
        png("ownerImage", "me.png"),
      ]),
      storage,
      { files: { image: imageRule(), ownerImage: imageRule() } },
    );
    expect(received.fields).toEqual({ name: "Sunny Bakery", city: "Fresno" });
    expect(Object.keys(received.files).sort()).toEqual(["image", "ownerImage"]);
    expect(received.files.image).toMatchObject({
      mimeType: "image/png",
      size: TINY_PNG.length,
      originalName: "front.png",
    });
    expect(received.files.image!.key).toMatch(/^business-images\/\d{13}-[0-9a-f]{12}\.png$/);
    expect(received.files.image!.url).toBe(`/media/${received.files.image!.key}`);
    for (const file of Object.values(received.files)) await storage.delete(file.key);
  });

  it("treats an empty file input as no file", async () => {
    const received = await receiveMultipartUpload(
      requestOf({ title: "x" }, [
        { field: "file", filename: "", contentType: "application/octet-stream", content: Buffer.alloc(0) },
      ]),
      storage,
      { files: { file: imageRule() } },
    );
    expect(received.files).toEqual({});
  });

  it("lets beforeFile refuse before any byte of the file is stored", async () => {
    const put = vi.spyOn(storage, "put");
    const error = await receiveMultipartUpload(requestOf({ title: "" }, [png()]), storage, {
      files: { file: imageRule() },
      beforeFile: (_name, fields) => {
        if (!fields.title) throw new Error("title required");
      },
    }).catch((caught: unknown) => caught);
    expect(error).toEqual(new Error("title required"));
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it("enforces the size limit while streaming (the storage's FileTooLargeError) and keeps nothing", async () => {
    const error = await refusalOf(
      receiveMultipartUpload(
        requestOf({}, [
          {
            field: "file",
            filename: "big.png",
            contentType: "image/png",
            content: generatedBytes(5 * MB, { head: TINY_PNG }),
          },
        ]),
        storage,
        { files: { file: imageRule(2 * MB) } },
      ),
    );
    expect(error.reason).toBe("too-large");
    expect(error.status).toBe(413);
    expect(error.cause).toBeInstanceOf(FileTooLargeError);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a request that announces more than the limit without reading it", async () => {
    const put = vi.spyOn(storage, "put");
    const error = await refusalOf(
      receiveMultipartUpload(requestOf({}, [png()], { "Content-Length": String(200 * MB) }), storage, {
        files: { file: imageRule(100 * MB) },
      }),
    );
    expect(error.reason).toBe("too-large");
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it("removes files already stored when a later part is refused", async () => {
    const error = await refusalOf(
      receiveMultipartUpload(
        requestOf({}, [
          png("image"),
          {
            field: "ownerImage",
            filename: "me.png",
            contentType: "image/png",
            content: Buffer.from("<html></html>"),
          },
        ]),
        storage,
        { files: { image: imageRule(), ownerImage: imageRule() } },
      ),
    );
    expect(error.reason).toBe("invalid-type");
    expect(await storedFiles()).toEqual([]);
  });

  it("keeps nothing when the body breaks off mid-file", async () => {
    const error = await refusalOf(
      receiveMultipartUpload(
        requestOf({}, [
          {
            field: "file",
            filename: "a.png",
            contentType: "image/png",
            content: generatedBytes(4 * MB, { head: TINY_PNG, failAfter: MB }),
          },
        ]),
        storage,
        { files: { file: imageRule(10 * MB) } },
      ),
    );
    expect(error.reason).toBe("aborted");
    expect(await storedFiles()).toEqual([]);
  });

  it("answers malformed for a non-multipart body, an unexpected file field and an over-long field", async () => {
    const plain = new Request("http://localhost/upload", {
      method: "POST",
      body: "title=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(
      (await refusalOf(receiveMultipartUpload(plain, storage, { files: { file: imageRule() } }))).reason,
    ).toBe("malformed");
    expect(
      (
        await refusalOf(
          receiveMultipartUpload(requestOf({}, [png("other")]), storage, { files: { file: imageRule() } }),
        )
      ).reason,
    ).toBe("malformed");
    const long = requestOf({ title: "x".repeat(100) }, [png()]);
    expect(
      (
        await refusalOf(
          receiveMultipartUpload(long, storage, { files: { file: imageRule() }, maxFieldBytes: 50 }),
        )
      ).reason,
    ).toBe("malformed");
    expect(await storedFiles()).toEqual([]);
  });
});
