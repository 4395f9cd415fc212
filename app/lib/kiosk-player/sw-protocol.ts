// What the kiosk pages and the kiosk service worker (app/kiosk-sw/sw.ts) say to each other
// (docs/architecture.md#the-kiosk-service-worker). Constants and types only: the worker's bundle imports this too.

/** Where the worker is served, and the only pages it controls. */
export const KIOSK_SW_URL = "/kiosk-sw.js";
export const KIOSK_SW_SCOPE = "/kiosk";

/** The pages and built assets the player needs to start without a network. */
export const SHELL_CACHE = "kiosk-shell-v1";
/** Every media file of the last good manifests, each checked against its SHA-256 before it was stored. */
export const FILES_CACHE = "kiosk-files-v1";
/** The header a stored file carries its content hash in. */
export const SHA256_HEADER = "X-Kiosk-Sha256";

export interface KioskFile {
  url: string;
  sha256: string;
}

/** Page → worker: download (in the background) and check every file of a new manifest. */
export interface PrepareMessage {
  type: "prepare";
  version: string;
  files: KioskFile[];
}

/** Page → worker: keep these pages and assets for starting offline. */
export interface KeepShellMessage {
  type: "keep-shell";
  urls: string[];
}

/** Page → worker: the player switched to `version`: files no manifest since the one before it needs can go. */
export interface SwitchedMessage {
  type: "switched";
  version: string;
  files: KioskFile[];
}

/** Page → worker: the screen was unpaired: drop every file. */
export interface ForgetMessage {
  type: "forget";
}

export type ToWorker = PrepareMessage | KeepShellMessage | SwitchedMessage | ForgetMessage;

/** Worker → page: the files of `version` that are stored and verified, and those that could not be. */
export interface PreparedMessage {
  type: "prepared";
  version: string;
  ready: string[];
  failed: { url: string; error: string }[];
}
