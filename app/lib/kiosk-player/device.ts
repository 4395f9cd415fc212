import { KIOSK_SW_SCOPE, KIOSK_SW_URL } from "./sw-protocol";

// The screen's identity and its calls to the device API (docs/product.md#pairing): the device token lives in the
// browser's own storage; a 401 from any call means the screen was unpaired.

const DEVICE_KEY = "localshine.kiosk.device";

export interface PairedDevice {
  token: string;
  kioskId: string;
}

export function readDevice(): PairedDevice | null {
  try {
    const value = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? "null") as PairedDevice | null;
    return value && typeof value.token === "string" && typeof value.kioskId === "string" ? value : null;
  } catch {
    return null;
  }
}

export function saveDevice(device: PairedDevice) {
  localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
}

export function forgetDevice() {
  localStorage.removeItem(DEVICE_KEY);
}

/** Thrown when the server answers 401: the token was revoked or the kiosk retired. */
export class UnpairedError extends Error {
  /** The device API path that answered 401. */
  constructor(readonly path: string) {
    super("unpaired");
  }
}

/** A call to the device API with the screen's token already in it (see deviceFetch). */
export type DeviceCall = (path: string, init?: RequestInit) => Promise<Response>;

/** A device API call with the bearer token; 401 throws UnpairedError, a network failure throws as fetch does. */
export async function deviceFetch(
  path: string,
  token: string,
  init: RequestInit = {},
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  if (init.body) headers.set("Content-Type", "application/json");
  const response = await fetcher(path, { ...init, headers, cache: "no-store", credentials: "omit" });
  if (response.status === 401) throw new UnpairedError(path);
  return response;
}

/** Registers the kiosk service worker for the kiosk pages only; resolves when a worker controls this page. */
export async function registerKioskWorker(): Promise<ServiceWorker | null> {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return null;
  try {
    await navigator.serviceWorker.register(KIOSK_SW_URL, { scope: KIOSK_SW_SCOPE });
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
        setTimeout(done, 3000);
      });
    }
    return navigator.serviceWorker.controller;
  } catch {
    // Offline, the worker script cannot be checked for an update; the worker already in charge still serves.
    return navigator.serviceWorker.controller;
  }
}

/** Asks the worker to keep this page and the built assets it loaded, so the player starts again offline. */
export function keepShell(worker: ServiceWorker) {
  const urls = [
    location.pathname,
    ...performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/assets/`)),
    ...Array.from(document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]"))
      .map((element) => ("href" in element ? element.href : element.src))
      .filter((url) => url.startsWith(`${location.origin}/assets/`)),
  ];
  worker.postMessage({ type: "keep-shell", urls: [...new Set(urls), "/kiosk", "/kiosk/play"] });
}
