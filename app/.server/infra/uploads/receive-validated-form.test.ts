import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "~/lib/zod";
import { createLocalStorage, type Storage } from "../storage";
import { IMAGE_TYPES, receiveValidatedForm, type ValidatedFormOptions } from ".";
import { multipartBody, TINY_PNG, type MultipartFilePart } from "../../../../tests/support/test-multipart";

let dir = "";
let storage: Storage;

const Schema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required"),
  note: z.string().optional(),
});
const options: ValidatedFormOptions = {
  files: { image: { allow: IMAGE_TYPES, maxBytes: 1024 * 1024, keyPrefix: "forms/" } },
  refusalMessages: { "invalid-type": "Please select an image file." },
};
const png: MultipartFilePart = {
  field: "image",
  filename: "a.png",
  contentType: "image/png",
  content: TINY_PNG,
};
const html: MultipartFilePart = {
  field: "image",
  filename: "a.png",
  contentType: "image/png",
  content: Buffer.from("<!doctype html><script>alert(1)</script>"),
};

function requestOf(fields: Record<string, string>, files: MultipartFilePart[] = []) {
  const { body, contentType } = multipartBody(fields, files);
  return new Request("http://localhost/form", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dir, "uploads"), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json"))
    .filter((entry) => !path.relative(path.join(dir, "uploads"), entry.parentPath).startsWith(".tmp"))
    .map((entry) => entry.name);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "local-shine-validated-form-"));
  storage = createLocalStorage({ root: path.join(dir, "uploads") });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("receiveValidatedForm", () => {
  it("parses the text with the form's schema and hands over the stored files", async () => {
    const form = await receiveValidatedForm(
      requestOf({ title: "  Patio  " }, [png]),
      storage,
      Schema,
      options,
    );
    if (!form.ok) throw new Error(`refused: ${JSON.stringify(form)}`);
    expect(form.value).toEqual({ title: "Patio" });
    expect(form.files.image).toMatchObject({ mimeType: "image/png", originalName: "a.png" });
    expect(await storedFiles()).toHaveLength(1);
    await storage.delete(form.files.image!.key);
  });

  it("refuses text that fails the schema before a byte of the file is stored, with the schema's messages", async () => {
    const put = vi.spyOn(storage, "put");
    const form = await receiveValidatedForm(requestOf({ title: "  " }, [png]), storage, Schema, options);
    expect(form).toMatchObject({
      ok: false,
      status: 400,
      result: { error: { title: ["Title is required"] } },
    });
    expect(put).not.toHaveBeenCalled();
  });

  it("puts a refused file's message under its field and keeps nothing", async () => {
    const form = await receiveValidatedForm(requestOf({ title: "Patio" }, [html]), storage, Schema, options);
    expect(form).toEqual({
      ok: false,
      status: 415,
      refusal: "invalid-type",
      result: { status: "error", error: { image: ["Please select an image file."] } },
    });
    expect(await storedFiles()).toEqual([]);
  });

  it("says which required file is missing before it reads the text", async () => {
    const form = await receiveValidatedForm(requestOf({ title: "" }), storage, Schema, {
      ...options,
      requiredFiles: ["image"],
    });
    expect(form).toEqual({ ok: false, status: 400, missingFile: "image" });
  });

  it("removes the stored file when text after it fails the schema", async () => {
    // A client that sends a text field after the file: the end-of-form check still refuses, and cleans up.
    const strict = Schema.extend({ note: z.string().max(3, "Too long").optional() });
    const boundary = "----local-shine-late-field";
    const part = (headers: string) => `--${boundary}\r\n${headers}\r\n\r\n`;
    const body = Buffer.concat([
      Buffer.from(`${part('Content-Disposition: form-data; name="title"')}Patio\r\n`),
      Buffer.from(
        part('Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png'),
      ),
      TINY_PNG,
      Buffer.from(
        `\r\n${part('Content-Disposition: form-data; name="note"')}too long\r\n--${boundary}--\r\n`,
      ),
    ]);
    const request = new Request("http://localhost/form", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const form = await receiveValidatedForm(request, storage, strict, options);
    expect(form).toMatchObject({ ok: false, status: 400, result: { error: { note: ["Too long"] } } });
    expect(await storedFiles()).toEqual([]);
  });

  it("goes on without the files when storage fails, if asked to, and says why", async () => {
    const broken: Storage = {
      ...storage,
      put: async () => {
        throw new Error("storage offline");
      },
    };
    const request = () => requestOf({ title: "Patio" }, [png]);
    await expect(receiveValidatedForm(request(), broken, Schema, options)).rejects.toThrow("storage offline");
    const form = await receiveValidatedForm(request(), broken, Schema, {
      ...options,
      keepFieldsWhenStorageFails: true,
    });
    expect(form).toEqual({
      ok: true,
      value: { title: "Patio" },
      files: {},
      storageError: new Error("storage offline"),
    });
  });
});
