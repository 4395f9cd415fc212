import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AD_MAX_VIDEO_SECONDS } from "~/lib/ad-schemas";
import type { ScreenMedia } from "~/lib/kiosk-player/manifest";
import type { AdScheduleWindow } from "../infra/db/schema";
import { adKiosks, ads, businesses, media } from "../infra/db/schema";
import type { Database } from "../infra/db/client";
import type { Storage } from "../infra/storage";
import { qrSvg } from "../ads/qr";
import { readRenditions, type Renditions } from "../media/screen-media";
import { listFeaturedStories } from "../stories/public-stories";
import { loadGroupTargets, type CatalogTakeover } from "./group-targets";
import { FREE_KIOSK_SLIDE, houseSlideMedia, storySlide, type HouseMedia } from "./house-slides";

// Everything any kiosk may play, read in a few queries and shared by every kiosk's manifest (docs/product.md#kiosks):
// the approved, unpaused ads of published listings whose media is ready, and the house slides. Each kiosk's manifest is then picked from
// it in memory (manifest.ts), so a fleet revalidating its manifests costs one token lookup per request.

export interface CatalogAd {
  id: string;
  title: string;
  businessName: string;
  /** The listing's place; null: only kiosks an admin picked play it. */
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number;
  startsOn: string;
  endsOn: string | null;
  schedule: AdScheduleWindow[];
  callToAction: string | null;
  shortCode: string;
  seconds: number;
  media: ScreenMedia;
  /**
   * The ad's version in the other shape, when it has one that is ready to play (its seconds are its own: a video
   * plays its length). Each screen plays the version that fits it (manifest.ts, ~/lib/media-shape).
   */
  alt?: { media: ScreenMedia; seconds: number };
  /** Kiosks an admin picked: when any, the ad plays on exactly these. */
  pickedKioskIds: string[];
  /** Groups an admin targeted it at (docs/product.md#screen-groups); with picks, it plays on picks and members. */
  groupIds?: string[];
  /** The members of those groups, sorted. */
  groupKioskIds?: string[];
  /** Hash of all of the above: what a kiosk's manifest key is made of. */
  hash: string;
}

export interface HouseItem {
  id: string;
  title: string;
  businessName: string;
  media: HouseMedia;
  seconds: number;
  callToAction: string;
  qrSvg: string;
  shortLink: string;
}

export interface Catalog {
  ads: CatalogAd[];
  house: HouseItem[];
  houseHash: string;
  /** Priority messages on now or within the day, with the kiosks each reaches. */
  takeovers?: CatalogTakeover[];
  loadedAt: number;
}

export interface CatalogSources {
  db: Database;
  storage: Storage;
  env: { APP_URL: string; SITE_TIMEZONE: string };
}

/** Seconds an image ad shows when its owner set none (the editor always sets one; old rows may not). */
const DEFAULT_IMAGE_SECONDS = 10;
const HOUSE_SECONDS = 10;

/** The ad's second version's media row (ads.alt_media_id). */
const altMedia = alias(media, "alt_media");

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");

/** Reads the catalog now. `now` only bounds which ended ads are skipped (a day of margin for every time zone). */
export async function loadCatalog(sources: CatalogSources, now = new Date()): Promise<Catalog> {
  const { db } = sources;
  const yesterday = new Date(now.getTime() - 36 * 3600_000).toISOString().slice(0, 10);
  const rows = await db
    .select({
      id: ads.id,
      title: ads.title,
      imageSeconds: ads.imageSeconds,
      startsOn: ads.startsOn,
      endsOn: ads.endsOn,
      schedule: ads.schedule,
      callToAction: ads.callToAction,
      shortCode: ads.shortCode,
      radiusMiles: ads.radiusMiles,
      businessName: businesses.name,
      latitude: businesses.latitude,
      longitude: businesses.longitude,
      mediaId: ads.mediaId,
      altMediaId: sql<
        string | null
      >`case when ${altMedia.processingStatus} = 'ready' then ${altMedia.id} end`,
    })
    .from(ads)
    // Only ads of public listings: a scan of the QR code must land on a page people can see.
    .innerJoin(businesses, and(eq(businesses.id, ads.businessId), eq(businesses.status, "published")))
    .innerJoin(media, and(eq(media.id, ads.mediaId), eq(media.processingStatus, "ready")))
    .leftJoin(altMedia, eq(altMedia.id, ads.altMediaId))
    .where(
      and(
        eq(ads.reviewStatus, "approved"),
        isNull(ads.pausedAt),
        or(isNull(ads.endsOn), gte(ads.endsOn, yesterday)),
      ),
    )
    .orderBy(ads.id);
  const renditions = await readRenditions(
    db,
    rows.flatMap((row) => (row.altMediaId ? [row.mediaId, row.altMediaId] : [row.mediaId])),
  );
  const picks = rows.length
    ? await db
        .select({ adId: adKiosks.adId, kioskId: adKiosks.kioskId })
        .from(adKiosks)
        .where(
          inArray(
            adKiosks.adId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(adKiosks.kioskId)
    : [];

  const targets = await loadGroupTargets(
    db,
    sources.storage,
    rows.map((row) => row.id),
    now,
  );
  const catalogAds: CatalogAd[] = [];
  for (const row of rows) {
    const main = playableVersion(sources.storage, renditions.get(row.mediaId), row.imageSeconds);
    if (!main) continue;
    const alt = row.altMediaId
      ? playableVersion(sources.storage, renditions.get(row.altMediaId), row.imageSeconds)
      : null;
    const entry = {
      id: row.id,
      title: row.title,
      businessName: row.businessName,
      latitude: row.latitude,
      longitude: row.longitude,
      radiusMiles: row.radiusMiles,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      schedule: row.schedule ?? [],
      callToAction: row.callToAction,
      shortCode: row.shortCode,
      seconds: main.seconds,
      media: main.media,
      ...(alt ? { alt } : {}),
      pickedKioskIds: picks.filter((pick) => pick.adId === row.id).map((pick) => pick.kioskId),
      ...(targets.adGroups.has(row.id)
        ? {
            groupIds: targets.adGroups.get(row.id)!.groupIds,
            groupKioskIds: targets.adGroups.get(row.id)!.kioskIds,
          }
        : {}),
    };
    catalogAds.push({ ...entry, hash: hashOf(entry) });
  }
  const house = await loadHouseItems(sources);
  return {
    ads: catalogAds,
    house,
    houseHash: hashOf(house),
    takeovers: targets.takeovers,
    loadedAt: now.getTime(),
  };
}

/**
 * A version of an ad as a screen plays it: its media and seconds on screen (a video's own length, an image's
 * chosen seconds). Null when it cannot play: nothing stored for screens yet, or a video over the limit (which reads
 * as Rejected to its owner, docs/product.md#ads).
 */
function playableVersion(
  storage: Storage,
  renditions: Renditions | undefined,
  imageSeconds: number | null,
): { media: ScreenMedia; seconds: number } | null {
  const screenMedia = manifestMedia(storage, renditions);
  if (!screenMedia) return null;
  if (screenMedia.kind === "video" && (screenMedia.durationMs ?? 0) > (AD_MAX_VIDEO_SECONDS + 0.5) * 1000)
    return null;
  const seconds =
    screenMedia.kind === "video"
      ? Math.max(1, Math.ceil((screenMedia.durationMs ?? 0) / 1000))
      : (imageSeconds ?? DEFAULT_IMAGE_SECONDS);
  return { media: screenMedia, seconds };
}

/** A video (with its poster) when the media has one, else its image; null when neither is stored yet. */
function manifestMedia(storage: Storage, renditions: Renditions | undefined): ScreenMedia | null {
  const video = renditions?.video;
  const poster = renditions?.poster;
  const main = video ?? renditions?.image;
  if (!main) return null;
  return {
    kind: video ? "video" : "image",
    url: storage.publicUrl(main.key),
    sha256: main.sha256,
    bytes: main.bytes,
    width: main.width,
    height: main.height,
    durationMs: video && video.durationSec !== null ? Math.round(video.durationSec * 1000) : null,
    ...(video && poster ? { posterUrl: storage.publicUrl(poster.key), posterSha256: poster.sha256 } : {}),
  };
}

/** The "Get a free kiosk" slide, then the featured, published Shine Stories, newest first. */
async function loadHouseItems(sources: CatalogSources): Promise<HouseItem[]> {
  const appUrl = sources.env.APP_URL;
  const stories = await listFeaturedStories({ db: sources.db, env: sources.env });
  const freeKioskLink = `${appUrl}/submit-business`;
  const items: HouseItem[] = [
    {
      id: "house:free-kiosk",
      title: FREE_KIOSK_SLIDE.headline,
      businessName: "Local Shine",
      media: await houseSlideMedia(sources.storage, FREE_KIOSK_SLIDE),
      seconds: HOUSE_SECONDS,
      callToAction: "Scan to apply. It's free.",
      qrSvg: await qrSvg(freeKioskLink),
      shortLink: freeKioskLink,
    },
  ];
  for (const story of stories) {
    const link = `${appUrl}/story/${story.id}`;
    items.push({
      id: `house:story:${story.id}`,
      title: story.title,
      businessName: "Shine Stories",
      media: await houseSlideMedia(sources.storage, storySlide(story)),
      seconds: HOUSE_SECONDS,
      callToAction: "Scan to read the story",
      qrSvg: await qrSvg(link),
      shortLink: link,
    });
  }
  return items;
}

/** How stale the shared catalog may be: an approval, a pause or a new story reaches the manifests within this. */
export const CATALOG_MAX_AGE_MS = 5_000;

/**
 * The catalog, read again once it is CATALOG_MAX_AGE_MS old, one read at a time however many requests ask. While
 * the read runs, requests are answered from the previous catalog if it is less than twice that old. One cache per
 * server (services), so each server or test sees its own database.
 */
export class CatalogCache {
  private current: Catalog | null = null;
  private loading: Promise<Catalog> | null = null;

  constructor(
    private readonly sources: CatalogSources,
    private readonly options: { maxAgeMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  get(now = Date.now()): Promise<Catalog> {
    const maxAge = this.options.maxAgeMs ?? CATALOG_MAX_AGE_MS;
    const current = this.current;
    if (current && now - current.loadedAt < maxAge) return Promise.resolve(current);
    this.loading ??= loadCatalog(this.sources, new Date(now))
      .then((catalog) => (this.current = catalog))
      .finally(() => {
        this.loading = null;
      });
    if (current && now - current.loadedAt < 2 * maxAge) {
      this.loading.catch((error: unknown) => this.options.onError?.(error));
      return Promise.resolve(current);
    }
    return this.loading;
  }

  /** Forget the catalog: the next request reads it again (after an admin changes which kiosks an ad plays on). */
  invalidate() {
    this.current = null;
  }
}
