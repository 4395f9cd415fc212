/// <reference lib="webworker" />
import { createPartialResponse } from "workbox-range-requests";
import {
  FILES_CACHE,
  SHA256_HEADER,
  SHELL_CACHE,
  type KioskFile,
  type PreparedMessage,
  type ToWorker,
} from "../lib/kiosk-player/sw-protocol";

// The kiosk player's service worker (docs/architecture.md#the-kiosk-service-worker; why: docs/decisions/050).
// Registered by /kiosk and /kiosk/play with the scope /kiosk, so no other page of the site is ever controlled by it.
// - Media files: answered from FILES_CACHE when stored (whole files; a Range request gets its 206 cut from the
//   whole file), else from the network. Files are stored only by `prepare`, after their SHA-256 matched.
// - Pages /kiosk and /kiosk/play: network first, the last copy when the network fails (or takes over 4 s).
// - Built assets (/assets/…, content-hashed names): cache first.
// - The device API is never touched: it always goes to the network.

declare const self: ServiceWorkerGlobalScope;

const NAVIGATION_TIMEOUT_MS = 4_000;
const STATE_KEY = "/kiosk/__kept-files";

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    if (url.origin === self.location.origin && isPlayerPage(url.pathname)) {
      event.respondWith(playerPage(url));
    }
    return;
  }
  if (url.origin === self.location.origin && url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(storedFileOrNetwork(request));
});

function isPlayerPage(pathname: string) {
  return pathname === "/kiosk" || pathname === "/kiosk/play";
}

/** A media file from the files cache (with Range support), else the network. */
async function storedFileOrNetwork(request: Request): Promise<Response> {
  const files = await caches.open(FILES_CACHE);
  const stored = await files.match(request.url, { ignoreVary: true });
  if (!stored) return fetch(request);
  if (request.headers.has("range")) return createPartialResponse(request, stored);
  return stored;
}

async function cacheFirst(request: Request): Promise<Response> {
  const shell = await caches.open(SHELL_CACHE);
  const stored = await shell.match(request, { ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await shell.put(request, response.clone());
  return response;
}

/** The player's pages: the network's answer when it comes in time (and stored), else the last stored copy. */
async function playerPage(url: URL): Promise<Response> {
  const shell = await caches.open(SHELL_CACHE);
  const key = url.origin + url.pathname;
  try {
    // Never revalidated through the HTTP cache: each copy is whole, its policy naming the nonce its scripts carry.
    const response = await withTimeout(
      fetch(key, { cache: "no-store", credentials: "same-origin" }),
      NAVIGATION_TIMEOUT_MS,
    );
    if (response.ok) await shell.put(key, response.clone());
    return response;
  } catch {
    const stored = (await shell.match(key)) ?? (await shell.match(`${url.origin}/kiosk/play`));
    return stored ?? waitingPage();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A screen that has never loaded the player, with no network: a friendly page that tries again by itself. */
function waitingPage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30"><title>Local Shine</title></head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0f2235;color:#fff;font-family:sans-serif;text-align:center">
<main><h1 style="font-size:2.5rem">Local Shine</h1><p style="font-size:1.5rem;color:#cfe8ec">This screen is getting ready. It starts playing as soon as it is connected.</p></main>
</body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("message", (event) => {
  const message = event.data as ToWorker;
  const source = event.source;
  if (!message || typeof message !== "object") return;
  if (message.type === "prepare") {
    event.waitUntil(
      prepare(message.files).then((result) => {
        const reply: PreparedMessage = { type: "prepared", version: message.version, ...result };
        source?.postMessage(reply);
      }),
    );
  } else if (message.type === "keep-shell") {
    event.waitUntil(keepShell(message.urls));
  } else if (message.type === "switched") {
    event.waitUntil(removeOldFiles(message.files));
  } else if (message.type === "forget") {
    event.waitUntil(caches.delete(FILES_CACHE));
  }
});

async function keepShell(urls: string[]) {
  const shell = await caches.open(SHELL_CACHE);
  for (const raw of urls) {
    const url = new URL(raw, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (!url.pathname.startsWith("/assets/") && !isPlayerPage(url.pathname)) continue;
    const key = url.origin + url.pathname;
    if (url.pathname.startsWith("/assets/") && (await shell.match(key))) continue;
    try {
      const response = await fetch(key, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) await shell.put(key, response);
    } catch {
      // Offline: kept the next time the page loads online.
    }
  }
}

/**
 * Stores every file not stored yet, one at a time, each only when its SHA-256 is the manifest's. Files already
 * stored under the same hash are not downloaded again.
 */
async function prepare(files: KioskFile[]): Promise<Omit<PreparedMessage, "type" | "version">> {
  const cache = await caches.open(FILES_CACHE);
  const ready: string[] = [];
  const failed: { url: string; error: string }[] = [];
  for (const file of uniqueFiles(files)) {
    try {
      const stored = await cache.match(file.url, { ignoreVary: true });
      if (stored && stored.headers.get(SHA256_HEADER) === file.sha256) {
        ready.push(file.sha256);
        continue;
      }
      const response = await fetch(file.url, { credentials: "same-origin", cache: "no-store" });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      const digest = await sha256Hex(bytes);
      if (digest !== file.sha256) throw new Error("content does not match its hash");
      const headers = new Headers({
        "Content-Type": response.headers.get("Content-Type") ?? "application/octet-stream",
        "Content-Length": String(bytes.byteLength),
        "Accept-Ranges": "bytes",
        [SHA256_HEADER]: digest,
      });
      await cache.put(file.url, new Response(bytes, { status: 200, headers }));
      ready.push(file.sha256);
    } catch (error) {
      failed.push({ url: file.url, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { ready, failed };
}

function uniqueFiles(files: KioskFile[]): KioskFile[] {
  const seen = new Set<string>();
  return files.filter((file) => (seen.has(file.url) ? false : (seen.add(file.url), true)));
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * After a switch: keeps the files of the manifest now playing and of the one before it (a video still finishing
 * may ask for more of its file), removes every other stored file.
 */
async function removeOldFiles(current: KioskFile[]) {
  const state = await caches.open(SHELL_CACHE);
  const previousResponse = await state.match(STATE_KEY);
  const previous: string[] = previousResponse ? ((await previousResponse.json()) as string[]) : [];
  const keep = new Set([...previous, ...current.map((file) => new URL(file.url, self.location.origin).href)]);
  const cache = await caches.open(FILES_CACHE);
  for (const request of await cache.keys()) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
  await state.put(
    STATE_KEY,
    Response.json(current.map((file) => new URL(file.url, self.location.origin).href)),
  );
}
