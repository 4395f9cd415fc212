import { createHash } from "node:crypto";
import { localTime, type AdTiming } from "~/lib/ad-schedule";
import { pickVersion, shapeOf } from "~/lib/media-shape";
import { qrSvg } from "../ads/qr";
import type { ScreenItem, ScreenManifest } from "~/lib/kiosk-player/manifest";
import type { ScreenTakeover } from "~/lib/kiosk-player/takeover";
import type { Catalog, CatalogAd, CatalogCache, HouseItem } from "./catalog";
import type { DeviceKiosk } from "./device-token";
import { distanceMiles } from "./geo";
import { listHas, takeoversForKiosk } from "./group-targets";
import { rotationOrder } from "./rotation";

// One kiosk's manifest (docs/product.md#kiosks, "What a kiosk plays"; the device contract is in
// docs/architecture.md#device-callers): the ads that target it and may play in the next 24 hours of its own time,
// in rotation order with the house slides, versioned by the hash of its content.

// The device contract itself (what a screen reads) is one set of types, shared with the player:
// app/lib/kiosk-player/manifest.ts.

/** What the version hashes: the manifest without its version and the server's time. */
export type ManifestContent = Omit<ScreenManifest, "version" | "serverTime">;

/** A kiosk's manifest as built; the reply adds the server's time. */
export type Manifest = Omit<ScreenManifest, "serverTime">;

const DAY_MS = 24 * 3600_000;
const ALWAYS: AdTiming = { startsOn: "1970-01-01", endsOn: null, schedule: [] };

/**
 * Whether the ad reaches this kiosk: picked for it by an admin or in a group it targets, or (when no kiosk and no
 * group was picked) within its radius.
 */
export function targetsKiosk(ad: CatalogAd, kiosk: DeviceKiosk): boolean {
  if (ad.pickedKioskIds.length > 0 || (ad.groupIds?.length ?? 0) > 0)
    return ad.pickedKioskIds.includes(kiosk.id) || listHas(ad.groupKioskIds ?? [], kiosk.id);
  if (kiosk.latitude === null || kiosk.longitude === null || ad.latitude === null || ad.longitude === null) {
    return false;
  }
  return (
    distanceMiles(
      { latitude: kiosk.latitude, longitude: kiosk.longitude },
      { latitude: ad.latitude, longitude: ad.longitude },
    ) <= ad.radiusMiles
  );
}

/** The local dates and weekdays the next 24 hours touch in a time zone (and the day before, for overnight windows). */
interface LocalDay {
  from: string;
  to: string;
  days: Set<number>;
}

const localDays = new Map<string, LocalDay>();

/** The next 24 hours in `timeZone`, worked out once per zone and minute however many kiosks and ads ask. */
function localDayOf(timeZone: string, now: Date): LocalDay {
  const key = `${timeZone} ${Math.floor(now.getTime() / 60_000)}`;
  let day = localDays.get(key);
  if (!day) {
    const from = localTime(now, timeZone);
    const to = localTime(new Date(now.getTime() + DAY_MS), timeZone);
    day = { from: from.date, to: to.date, days: new Set([(from.weekday + 6) % 7, from.weekday, to.weekday]) };
    if (localDays.size > 1000) localDays.clear();
    localDays.set(key, day);
  }
  return day;
}

/**
 * Whether the ad's dates and windows may cover some moment of the next 24 hours in `timeZone`. Generous on purpose
 * (a window on any weekday those hours touch, or on the day before for one that runs past midnight): the player
 * checks the exact moment with isScheduledAt before each play.
 */
export function mayPlayWithinDay(
  ad: Pick<CatalogAd, "startsOn" | "endsOn" | "schedule">,
  timeZone: string,
  now: Date,
): boolean {
  const day = localDayOf(timeZone, now);
  if (ad.endsOn && ad.endsOn < day.from) return false;
  if (ad.startsOn > day.to) return false;
  if (ad.schedule.length === 0) return true;
  return ad.schedule.some((window) => window.days.some((weekday) => day.days.has(weekday)));
}

/** The catalog's ads this kiosk may play in the next 24 hours. */
export function adsForKiosk(catalog: Catalog, kiosk: DeviceKiosk, now: Date): CatalogAd[] {
  return catalog.ads.filter((ad) => targetsKiosk(ad, kiosk) && mayPlayWithinDay(ad, kiosk.timeZone, now));
}

/** The short link printed and encoded on a kiosk's screen: the ad's /q/ code, naming the kiosk. */
export function kioskShortLink(appUrl: string, shortCode: string, kioskId: string): string {
  return `${appUrl}/q/${shortCode}?k=${kioskId}`;
}

/** Builds the manifest's content (QR codes included) and its version. */
export async function buildManifest(
  kiosk: DeviceKiosk,
  selected: CatalogAd[],
  house: HouseItem[],
  { appUrl, pollSeconds }: { appUrl: string; pollSeconds: number },
  takeovers: ScreenTakeover[] = [],
): Promise<Manifest> {
  const items: ScreenItem[] = [];
  const qrByAd = new Map<string, Promise<string>>();
  for (const slot of rotationOrder(kiosk.id, selected, house)) {
    if (slot.kind === "house") {
      const { id, ...item } = slot.house;
      items.push({ id: `${id}:${slot.turn}`, kind: "house", adId: null, ...item, timing: ALWAYS });
      continue;
    }
    const ad = slot.ad;
    // The version that fits this screen's shape (~/lib/media-shape): an ad may carry a tall and a wide one.
    const version = pickVersion(
      [ad, ...(ad.alt ? [ad.alt] : [])].map((candidate) => ({
        media: candidate.media,
        seconds: candidate.seconds,
        shape: shapeOf(candidate.media.width, candidate.media.height),
      })),
      kiosk.orientation,
    );
    const shortLink = kioskShortLink(appUrl, ad.shortCode, kiosk.id);
    let qr = qrByAd.get(ad.id);
    if (!qr) qrByAd.set(ad.id, (qr = qrSvg(shortLink)));
    items.push({
      id: `ad:${ad.id}:${slot.turn}`,
      kind: "ad",
      adId: ad.id,
      title: ad.title,
      businessName: ad.businessName,
      media: version.media,
      seconds: version.seconds,
      callToAction: ad.callToAction,
      qrSvg: await qr,
      shortLink,
      timing: { startsOn: ad.startsOn, endsOn: ad.endsOn, schedule: ad.schedule },
    });
  }
  const content: ManifestContent = {
    pollSeconds,
    kiosk: { id: kiosk.id, label: kiosk.label, orientation: kiosk.orientation, timeZone: kiosk.timeZone },
    items,
    openingHours: kiosk.hours,
    // Only when there are any: a fleet's manifests (and their versions) stay as they were until a message is sent.
    ...(takeovers.length ? { takeovers } : {}),
  };
  const version = createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 27);
  return { version, ...content };
}

/** What decides a kiosk's manifest: its own settings, the ads picked for it, the house slides. */
function manifestKey(
  kiosk: DeviceKiosk,
  selected: CatalogAd[],
  catalog: Catalog,
  pollSeconds: number,
  takeovers: ScreenTakeover[],
): string {
  const own = `${kiosk.label}\u0000${kiosk.orientation}\u0000${kiosk.timeZone}\u0000${pollSeconds}\u0000${JSON.stringify(kiosk.hours)}`;
  const messages = takeovers.length ? JSON.stringify(takeovers) : "";
  return `${own}\u0000${catalog.houseHash}\u0000${selected.map((ad) => ad.hash).join(",")}\u0000${messages}`;
}

const MAX_REMEMBERED_KIOSKS = 200_000;

/**
 * Each kiosk's current manifest version, remembered by what decides it, so a revalidation that finds nothing new
 * (the usual case) is answered without building the manifest or its QR codes again.
 */
export class ManifestVersions {
  private readonly versions = new Map<string, { key: string; version: string }>();

  constructor(
    private readonly catalog: CatalogCache,
    private readonly options: { appUrl: string; pollSeconds: number },
  ) {}

  /** The kiosk's current version; the manifest itself too when it had to be built (or `build` asks for it). */
  async current(
    kiosk: DeviceKiosk,
    { now = new Date(), build = false }: { now?: Date; build?: boolean } = {},
  ): Promise<{ version: string; manifest: Manifest | null }> {
    const catalog = await this.catalog.get(now.getTime());
    const selected = adsForKiosk(catalog, kiosk, now);
    const takeovers = takeoversForKiosk(catalog.takeovers ?? [], kiosk.id);
    const key = manifestKey(kiosk, selected, catalog, this.options.pollSeconds, takeovers);
    const known = this.versions.get(kiosk.id);
    if (known && known.key === key && !build) return { version: known.version, manifest: null };
    const manifest = await buildManifest(kiosk, selected, catalog.house, this.options, takeovers);
    if (this.versions.size >= MAX_REMEMBERED_KIOSKS) this.versions.clear();
    this.versions.set(kiosk.id, { key, version: manifest.version });
    return { version: manifest.version, manifest };
  }
}
