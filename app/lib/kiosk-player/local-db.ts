import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { ScreenManifest } from "./manifest";

// What the screen keeps in its own IndexedDB (docs/product.md#the-player): the last good manifest it switched to,
// and every play until the server has acknowledged it.

export interface StoredPlay {
  id: string;
  kioskId: string;
  adId: string | null;
  itemId: string;
  startedAt: string;
  endedAt: string;
  completed: boolean;
}

export interface StoredManifest {
  manifest: ScreenManifest;
  /** Content hashes of the media stored and verified by the service worker; null: no worker, play from the network. */
  readyHashes: string[] | null;
  /** Server time minus device time when the manifest was read, in ms. */
  offsetMs: number;
}

/** What the player keeps, as it is handed to it: IndexedDB in the browser (`kioskDb`), a fake in its tests. */
export interface PlayerStore {
  loadManifest(): Promise<StoredManifest | null>;
  saveManifest(stored: StoredManifest): Promise<void>;
  addPlay(play: StoredPlay): Promise<void>;
  pendingPlays(limit: number): Promise<StoredPlay[]>;
  acknowledgePlays(ids: string[]): Promise<void>;
  forgetEverything(): Promise<void>;
}

interface KioskDb extends DBSchema {
  state: { key: string; value: StoredManifest };
  plays: { key: string; value: StoredPlay };
}

const DB_NAME = "local-shine-kiosk";
let opening: Promise<IDBPDatabase<KioskDb>> | null = null;

function db() {
  opening ??= openDB<KioskDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("state");
      database.createObjectStore("plays", { keyPath: "id" });
    },
  });
  return opening;
}

export async function loadManifest(): Promise<StoredManifest | null> {
  return (await (await db()).get("state", "manifest")) ?? null;
}

export async function saveManifest(stored: StoredManifest): Promise<void> {
  await (await db()).put("state", stored, "manifest");
}

export async function addPlay(play: StoredPlay): Promise<void> {
  await (await db()).put("plays", play);
}

/** Up to `limit` plays not yet acknowledged by the server. */
export async function pendingPlays(limit: number): Promise<StoredPlay[]> {
  return (await db()).getAll("plays", undefined, limit);
}

export async function countPendingPlays(): Promise<number> {
  return (await db()).count("plays");
}

/** The server stored these (or had them already): they are never sent again. */
export async function acknowledgePlays(ids: string[]): Promise<void> {
  const tx = (await db()).transaction("plays", "readwrite");
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** The screen was unpaired: its manifest and its unsent plays (no token may upload them any more) go. */
export async function forgetEverything(): Promise<void> {
  const database = await db();
  await database.clear("state");
  await database.clear("plays");
}

export const kioskDb: PlayerStore = {
  loadManifest,
  saveManifest,
  addPlay,
  pendingPlays,
  acknowledgePlays,
  forgetEverything,
};
