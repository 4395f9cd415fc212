import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { randomIp } from "./http-accounts";
import type { ServerProcess } from "./server-process";

// Helpers for attacking a running server's media: uploads, form posts, raw GETs and a count of stored files.

export interface MediaReply {
  status: number;
  body: { toast?: { title: string; description?: string }; media?: { id: string; fileUrl: string } };
}

/** POST /dashboard/media (the upload dialog's request) with `bytes` as the file. */
export async function uploadMedia(
  server: ServerProcess,
  cookie: string,
  bytes: Buffer,
  { title = "Attack", fileName = "image.png", type = "image/png" } = {},
): Promise<MediaReply> {
  const form = new FormData();
  form.set("title", title);
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(`${server.url}/dashboard/media`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.url },
  });
  return { status: response.status, body: (await response.json()) as MediaReply["body"] };
}

/** A same-origin form POST (e.g. to a route's `.data` URL); answers the status and the body as text. */
export async function postForm(server: ServerProcess, target: string, body: FormData, cookie: string) {
  const response = await fetch(`${server.url}${target}`, {
    method: "POST",
    body,
    headers: { Origin: server.url, "X-Forwarded-For": randomIp(), Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

/** The business dialog's form with the given image files. */
export function businessForm(name: string, images: Record<string, Buffer> = {}) {
  const form = new FormData();
  const fields = { name, industry: "food-industry", address: "1 Main St", city: "Encino", state: "CA" };
  for (const [key, value] of Object.entries({ ...fields, zip_code: "91316" })) form.set(key, value);
  for (const [field, bytes] of Object.entries(images)) {
    form.set(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${field}.png`);
  }
  return form;
}

/** The admin story dialog's form, with a background image when given. */
export function storyForm(title: string, background?: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    short_description: "Short",
    description: "Long enough description",
    industry: "home-services",
    author: "Ana",
    publish_date: "2025-05-01",
  }))
    form.set(key, value);
  if (background) {
    form.set("background_image", new Blob([new Uint8Array(background)], { type: "image/png" }), "bg.png");
  }
  return form;
}

/** A GET (or HEAD) sent exactly as written: fetch would normalise `..` and encoded characters away. */
export function rawRequest(
  server: ServerProcess,
  rawPath: string,
  method = "GET",
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path: rawPath, method, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers["content-type"] ?? "",
            body: Buffer.concat(chunks).toString("latin1"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Every file under the server's stored uploads (DATA_DIR/uploads), relative to it, except the screen renditions
 * (`renditions/…`): the media job makes those in the background for uploads that were accepted, at its own pace, so
 * they are not what a request stored or refused. Pass `{ renditions: true }` to list them too.
 */
export function storedFiles(server: Pick<ServerProcess, "dataDir">, { renditions = false } = {}): string[] {
  const root = path.join(server.dataDir, "uploads");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => renditions || !file.startsWith("renditions/"));
}

/**
 * The stored files once no write is under way: the keys under `.tmp/` are puts in progress (a background job's
 * rendition, say), which either move into place or are removed. Waits until a listing has none, and returns it,
 * sorted; one that never leaves (a put that kept its work file) fails after a minute, naming it.
 */
export async function settledFiles(
  server: Pick<ServerProcess, "dataDir">,
  options: { renditions?: boolean } = {},
): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const files = storedFiles(server, options);
    const writing = files.filter((file) => file.startsWith(".tmp/"));
    if (writing.length === 0) return files.sort();
    if (Date.now() > deadline) throw new Error(`work files left in storage: ${writing.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
