import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../../app/.server/infra/db/client";
import {
  ads,
  businesses,
  kioskPlays,
  kiosks,
  media,
  mediaRenditions,
  users,
  type AdScheduleWindow,
} from "../../app/.server/infra/db/schema";
import { hashDeviceSecret, newDeviceSecret } from "../../app/.server/kiosks/device-token";

// Rows for kiosk tests, written straight to the database: an advertiser, listings at known places, ads in every
// review state with ready media, and paired kiosks with their tokens.

/** Woodland Hills, CA; Santa Monica is ~14 miles away; New York is far away. */
export const PLACES = {
  woodlandHills: { latitude: 34.1683, longitude: -118.6059 },
  canogaPark: { latitude: 34.2011, longitude: -118.5979 },
  santaMonica: { latitude: 34.0195, longitude: -118.4912 },
  newYork: { latitude: 40.7128, longitude: -74.006 },
} as const;

export async function insertAdvertiser(db: Database, id = `adv-${randomUUID()}`) {
  await db.insert(users).values({ id, name: "Advertiser", email: `${id}@example.com` });
  return id;
}

export async function insertListing(
  db: Database,
  userId: string | null,
  {
    name = "Sunrise Bakery",
    place = PLACES.woodlandHills,
  }: { name?: string; place?: { latitude: number; longitude: number } | null } = {},
) {
  const [row] = await db
    .insert(businesses)
    .values({
      userId,
      name,
      industry: "food-industry",
      address: "1 Main St",
      city: "Woodland Hills",
      state: "CA",
      zipCode: "91364",
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    })
    .returning({ id: businesses.id });
  return row!.id;
}

/** A media item with its screen renditions stored (rows only; the files are not needed by the manifest). */
export async function insertReadyMedia(
  db: Database,
  userId: string,
  {
    kind = "image",
    status = "ready",
    shape = "portrait",
  }: {
    kind?: "image" | "video";
    status?: "ready" | "processing" | "failed";
    /** The screen rendition's shape: 1080×1920 (portrait, a kiosk's usual screen) or 1920×1080. */
    shape?: "portrait" | "landscape";
  } = {},
) {
  const [width, height] = shape === "portrait" ? [1080, 1920] : [1920, 1080];
  const [row] = await db
    .insert(media)
    .values({
      userId,
      title: "Clip",
      fileName: kind === "video" ? "clip.mp4" : "photo.png",
      fileUrl: "/media/x",
      storageKey: `${userId}/${randomUUID()}`,
      fileType: kind === "video" ? "video/mp4" : "image/png",
      fileSize: 1000,
      processingStatus: status,
    })
    .returning({ id: media.id });
  const mediaId = row!.id;
  const sha = () => randomBytes(32).toString("hex");
  if (kind === "video") {
    await db.insert(mediaRenditions).values([
      {
        mediaId,
        kind: "video",
        storageKey: `r/${mediaId}.mp4`,
        mimeType: "video/mp4",
        bytes: 5000,
        width,
        height,
        durationSec: 12.4,
        sha256: sha(),
      },
      {
        mediaId,
        kind: "poster",
        storageKey: `r/${mediaId}.jpg`,
        mimeType: "image/jpeg",
        bytes: 900,
        width,
        height,
        sha256: sha(),
      },
    ]);
  } else {
    await db.insert(mediaRenditions).values({
      mediaId,
      kind: "image",
      storageKey: `r/${mediaId}.webp`,
      mimeType: "image/webp",
      bytes: 2000,
      width,
      height,
      sha256: sha(),
    });
  }
  return mediaId;
}

export interface AdFixture {
  title?: string;
  review?: "pending" | "approved" | "rejected";
  paused?: boolean;
  startsOn?: string;
  endsOn?: string | null;
  schedule?: AdScheduleWindow[];
  radiusMiles?: number;
  mediaKind?: "image" | "video";
  mediaStatus?: "ready" | "processing" | "failed";
  imageSeconds?: number | null;
}

export async function insertAd(db: Database, userId: string, businessId: string, fixture: AdFixture = {}) {
  const mediaId = await insertReadyMedia(db, userId, {
    kind: fixture.mediaKind,
    status: fixture.mediaStatus,
  });
  const [row] = await db
    .insert(ads)
    .values({
      userId,
      businessId,
      mediaId,
      title: fixture.title ?? "Fresh bread daily",
      imageSeconds: fixture.mediaKind === "video" ? null : (fixture.imageSeconds ?? 8),
      startsOn: fixture.startsOn ?? "2020-01-01",
      endsOn: fixture.endsOn ?? null,
      schedule: fixture.schedule ?? [],
      callToAction: "Scan for 10% off",
      shortCode: randomBytes(6).toString("hex"),
      radiusMiles: fixture.radiusMiles ?? 5,
      reviewStatus: fixture.review ?? "approved",
      pausedAt: fixture.paused ? new Date() : null,
    })
    .returning({ id: ads.id });
  return row!.id;
}

/** A kiosk (paired with a fresh token unless `paired: false`) at `place`. */
export async function insertKiosk(
  db: Database,
  {
    label = "Front counter",
    place = PLACES.woodlandHills,
    timeZone = "America/Los_Angeles",
    paired = true,
    hostBusinessId = null,
  }: {
    label?: string;
    place?: { latitude: number; longitude: number } | null;
    timeZone?: string;
    paired?: boolean;
    hostBusinessId?: string | null;
  } = {},
) {
  const token = newDeviceSecret();
  const [row] = await db
    .insert(kiosks)
    .values({
      label,
      timeZone,
      hostBusinessId,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      deviceTokenHash: paired ? hashDeviceSecret(token) : null,
      pairedAt: paired ? new Date() : null,
    })
    .returning({ id: kiosks.id });
  return { id: row!.id, token };
}

/**
 * Plays written straight into kiosk_plays, each UUID once, for tests of what is done with stored plays (roll-ups,
 * counts). What a screen may get stored through the device API is tested on the API (play-ingest.test.ts).
 */
export async function insertPlays(
  db: Database,
  kioskId: string,
  plays: { id: string; adId: string | null; startedAt: string; endedAt: string; completed: boolean }[],
) {
  if (plays.length === 0) return;
  await db
    .insert(kioskPlays)
    .values(
      plays.map((play) => ({
        id: play.id,
        kioskId,
        adId: play.adId,
        startedAt: new Date(play.startedAt),
        endedAt: new Date(play.endedAt),
        completed: play.completed,
      })),
    )
    .onConflictDoNothing();
}
