import { manifestFiles, type ScreenManifest } from "./manifest";
import type { PreparedMessage, ToWorker } from "./sw-protocol";

// The page's side of its conversation with the kiosk service worker (sw-protocol.ts), as the player is handed it:
// the worker in the browser (app/lib/kiosk-player/browser.ts), a fake in the player's tests.

export interface WorkerLink {
  post(message: ToWorker): void;
  /** Hears every message the worker sends this page until the returned function is called. */
  listen(listener: (data: unknown) => void): () => void;
}

/** Asks the worker to store and check every file of `manifest`; resolves with its answer for that version. */
export function prepareFiles(worker: WorkerLink, manifest: ScreenManifest): Promise<PreparedMessage> {
  return new Promise((resolve) => {
    const stop = worker.listen((data) => {
      const reply = data as PreparedMessage | null;
      if (reply?.type !== "prepared" || reply.version !== manifest.version) return;
      stop();
      resolve(reply);
    });
    worker.post({ type: "prepare", version: manifest.version, files: manifestFiles(manifest) });
  });
}
