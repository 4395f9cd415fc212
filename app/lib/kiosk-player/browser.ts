import { forgetDevice, keepShell, readDevice, registerKioskWorker } from "./device";
import { kioskDb } from "./local-db";
import type { ScreenItem } from "./manifest";
import { captureScreen } from "./screen-capture";
import { ScreenPlayer, type PlayerDeps } from "./player";
import type { WorkerLink } from "./worker-link";

// The player in the browser: its dependencies are the page's own (its clock, fetch, the kiosk service worker,
// IndexedDB, localStorage), and the page's events reach it.

const PRELOAD_TIMEOUT_MS = 20_000;

/** Starts a player on this page; the returned function stops it. */
export function runBrowserPlayer(player: ScreenPlayer): () => void {
  // A play cut short by the page going away (a reload, a restart) is recorded as not completed, when there is time.
  const leaving = () => player.leave();
  const backOnline = () => player.online();
  window.addEventListener("pagehide", leaving);
  window.addEventListener("online", backOnline);
  player.start();
  return () => {
    window.removeEventListener("online", backOnline);
    window.removeEventListener("pagehide", leaving);
    player.stop();
  };
}

export function createBrowserPlayer(): ScreenPlayer {
  return new ScreenPlayer(browserDeps);
}

const browserDeps: PlayerDeps = {
  clock: {
    now: () => Date.now(),
    monotonic: () => performance.now(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
  },
  fetch: (input, init) => fetch(input, init),
  device: { read: readDevice, forget: forgetDevice },
  store: kioskDb,
  async connectWorker() {
    const worker = await registerKioskWorker();
    if (!worker) return null;
    keepShell(worker);
    return linkTo(worker);
  },
  preload,
  async storageUsage() {
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    return estimate?.usage ?? null;
  },
  captureScreen: () => captureScreen(document),
};

function linkTo(worker: ServiceWorker): WorkerLink {
  return {
    post: (message) => worker.postMessage(message),
    listen(listener) {
      const hear = (event: MessageEvent) => listener(event.data);
      navigator.serviceWorker.addEventListener("message", hear);
      return () => navigator.serviceWorker.removeEventListener("message", hear);
    },
  };
}

/** Loads the item's file (from the worker's cache when stored) so it shows at once; false when it cannot. */
async function preload(item: ScreenItem): Promise<boolean> {
  try {
    if (item.media.kind === "image") {
      const image = new Image();
      image.src = item.media.url;
      await image.decode();
      return true;
    }
    const video = document.createElement("video");
    video.muted = true;
    video.preload = "auto";
    video.src = item.media.url;
    return await new Promise<boolean>((resolve) => {
      const timer = window.setTimeout(() => resolve(false), PRELOAD_TIMEOUT_MS);
      video.addEventListener("loadeddata", () => (window.clearTimeout(timer), resolve(true)), { once: true });
      video.addEventListener("error", () => (window.clearTimeout(timer), resolve(false)), { once: true });
    });
  } catch {
    return false;
  }
}
