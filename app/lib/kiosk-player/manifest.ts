import { isScheduledAt, type AdTiming } from "~/lib/ad-schedule";
import type { ScreenHours } from "./opening";
import type { KioskFile } from "./sw-protocol";
import type { ScreenTakeover } from "./takeover";

// The manifest as the screen reads it (the device contract: one set of types for the server that builds it in
// app/.server/kiosks/manifest.ts and for the player), and the pure rules the player plays it by
// (docs/product.md#the-player): what comes next at a given moment of the server's clock.

export interface ScreenMedia {
  kind: "image" | "video";
  url: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
  durationMs: number | null;
  posterUrl?: string;
  posterSha256?: string;
}

export interface ScreenItem {
  /** Stable across versions while the item stays: `ad:{adId}:{turn}` or `house:…:{turn}`. */
  id: string;
  kind: "ad" | "house";
  adId: string | null;
  title: string;
  businessName: string;
  media: ScreenMedia;
  seconds: number;
  callToAction: string | null;
  qrSvg: string;
  shortLink: string;
  timing: AdTiming;
}

export interface ScreenManifest {
  /** The ETag's value: a hash of the content. */
  version: string;
  serverTime: string;
  pollSeconds: number;
  kiosk: { id: string; label: string; orientation: "portrait" | "landscape"; timeZone: string };
  items: ScreenItem[];
  /** When the screen is dark (opening.ts); null or absent (a manifest from before sleep): never. */
  openingHours?: ScreenHours | null;
  /** Priority messages on now or within the day; absent from manifests stored before there were any. */
  takeovers?: ScreenTakeover[];
}

/** A video that has not ended this long after its length is cut off (and counted as not completed). */
export const STALLED_VIDEO_GRACE_SECONDS = 5;

/** The key of what an item shows, the same for each of its turns: `ad:{adId}` or the house slide's id. */
export function itemKeyOf(item: Pick<ScreenItem, "id" | "kind" | "adId">): string {
  return item.kind === "ad" && item.adId ? `ad:${item.adId.toLowerCase()}` : item.id.replace(/:\d+$/, "");
}

/** Whether a reply body looks like a manifest (a screen never plays half of one). */
export function isScreenManifest(value: unknown): value is ScreenManifest {
  const candidate = value as Partial<ScreenManifest> | null;
  return (
    !!candidate &&
    typeof candidate.version === "string" &&
    typeof candidate.serverTime === "string" &&
    !Number.isNaN(Date.parse(candidate.serverTime)) &&
    Array.isArray(candidate.items) &&
    !!candidate.kiosk &&
    typeof candidate.kiosk.timeZone === "string"
  );
}

/** Every file the manifest's items show (media and video posters), for the service worker to store. */
export function manifestFiles(manifest: ScreenManifest): KioskFile[] {
  const files: KioskFile[] = [];
  for (const item of manifest.items) {
    files.push({ url: item.media.url, sha256: item.media.sha256 });
    if (item.media.posterUrl && item.media.posterSha256)
      files.push({ url: item.media.posterUrl, sha256: item.media.posterSha256 });
  }
  for (const takeover of manifest.takeovers ?? [])
    if (takeover.image) files.push({ url: takeover.image.url, sha256: takeover.image.sha256 });
  return files;
}

/** Whether the item's dates and windows cover `instant` (the server's time) in the kiosk's zone. */
export function mayPlayAt(manifest: Pick<ScreenManifest, "kiosk">, item: ScreenItem, instant: Date): boolean {
  return isScheduledAt(item.timing, instant, manifest.kiosk.timeZone);
}

/**
 * The item to play after position `after` at `instant` (the server's time): the next one round the list whose dates
 * and windows cover that instant in the kiosk's zone and whose file is ready, skipping an ad just played when
 * anything else may play. Null when nothing may play.
 */
export function nextItem(
  manifest: Pick<ScreenManifest, "items" | "kiosk">,
  after: number,
  instant: Date,
  {
    lastAdId = null,
    isReady = () => true,
  }: { lastAdId?: string | null; isReady?: (item: ScreenItem) => boolean } = {},
): { index: number; item: ScreenItem } | null {
  const { items } = manifest;
  let repeat: { index: number; item: ScreenItem } | null = null;
  for (let step = 1; step <= items.length; step++) {
    const index = (((after + step) % items.length) + items.length) % items.length;
    const item = items[index]!;
    if (!isReady(item) || !mayPlayAt(manifest, item, instant)) continue;
    if (lastAdId && item.adId === lastAdId) {
      repeat ??= { index, item };
      continue;
    }
    return { index, item };
  }
  return repeat;
}

/** Server time minus device time, from a reply's `serverTime` and when the request left and its answer came. */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverTime) - (sentAt + receivedAt) / 2;
}

/** A version 4 UUID (crypto.randomUUID where the page is a secure context, else from getRandomValues). */
export function newPlayId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
