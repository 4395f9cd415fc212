import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_SIDE, type ScreenshotState } from "~/lib/kiosk-screenshot";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { Database } from "../infra/db/client";
import { kioskScreenshots, kiosks } from "../infra/db/schema";

// What is on a kiosk's screen now (docs/product.md#what-is-on-the-screen): an admin asks from the kiosk's card, the
// screen hears it in its next heartbeat's reply and sends a small JPEG; without a request it sends one every
// SCREENSHOT_EVERY_MS. One picture per kiosk, replaced by the next; only admins see it.

/** A screen's picture is refreshed this often without anyone asking (at its heartbeat, so within a minute of it). */
export const SCREENSHOT_EVERY_MS = 10 * 60_000;

/**
 * Whether the kiosk `kiosks.id` should send a picture: an admin asked since the last one, or the last is older than
 * SCREENSHOT_EVERY_MS, or there is none. An SQL expression over the row of `kiosks` in the statement (the
 * heartbeat's update reads it in its RETURNING: no extra round trip).
 */
export function screenshotWanted(now: Date) {
  const stale = new Date(now.getTime() - SCREENSHOT_EVERY_MS).toISOString();
  return sql`coalesce((select coalesce(s.requested_at > s.taken_at, s.requested_at is not null)
      or coalesce(s.taken_at < ${stale}::timestamptz, true)
    from kiosk_screenshots s where s.kiosk_id = kiosks.id), true)`;
}

export type StoreScreenshotResult = { ok: true } | { ok: false; reason: "not-a-jpeg" | "too-large" };

/**
 * Stores the screen's picture, replacing the one before, when it is a JPEG that decodes whole, within
 * SCREENSHOT_MAX_SIDE. It is encoded again (no metadata, nothing but pixels is kept) and stored only within
 * SCREENSHOT_MAX_BYTES.
 */
export async function storeScreenshot(
  db: Database,
  kioskId: string,
  file: Buffer,
  now = new Date(),
): Promise<StoreScreenshotResult> {
  if (file.length > SCREENSHOT_MAX_BYTES) return { ok: false, reason: "too-large" };
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    // The header first (nothing decoded yet), then the whole picture, which must decode without an error.
    const image = sharp(file, { failOn: "error", limitInputPixels: false });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (format !== "jpeg") return { ok: false, reason: "not-a-jpeg" };
    if (width > SCREENSHOT_MAX_SIDE || height > SCREENSHOT_MAX_SIDE)
      return { ok: false, reason: "too-large" };
    encoded = await image.jpeg({ quality: 70 }).toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: "not-a-jpeg" };
  }
  if (encoded.data.length > SCREENSHOT_MAX_BYTES) return { ok: false, reason: "too-large" };
  const picture = {
    jpeg: encoded.data,
    width: encoded.info.width,
    height: encoded.info.height,
    takenAt: now,
  };
  await db
    .insert(kioskScreenshots)
    .values({ kioskId, ...picture })
    .onConflictDoUpdate({ target: kioskScreenshots.kioskId, set: picture });
  return { ok: true };
}

/** An admin asks a paired kiosk's screen for a picture now: it is sent with the screen's next heartbeat. */
export async function requestScreenshot(
  db: Database,
  viewer: AdminViewer,
  kioskId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(kioskId)) return { ok: false, status: 404 };
  const [kiosk] = await db
    .select({ id: kiosks.id })
    .from(kiosks)
    .where(and(eq(kiosks.id, kioskId), isNull(kiosks.retiredAt), isNotNull(kiosks.deviceTokenHash)))
    .limit(1);
  if (!kiosk) return { ok: false, status: 404 };
  await db
    .insert(kioskScreenshots)
    .values({ kioskId, requestedAt: now })
    .onConflictDoUpdate({ target: kioskScreenshots.kioskId, set: { requestedAt: now } });
  return { ok: true };
}

/** The kiosk's picture for an admin, or null when there is none. */
export async function readScreenshot(
  db: Database,
  viewer: AdminViewer,
  kioskId: string,
): Promise<{ ok: true; jpeg: Buffer; takenAt: Date } | { ok: false; status: 404 } | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  if (!isUuid(kioskId)) return { ok: false, status: 404 };
  const [row] = await db
    .select({ jpeg: kioskScreenshots.jpeg, takenAt: kioskScreenshots.takenAt })
    .from(kioskScreenshots)
    .where(eq(kioskScreenshots.kioskId, kioskId))
    .limit(1);
  if (!row?.jpeg || !row.takenAt) return { ok: false, status: 404 };
  return { ok: true, jpeg: row.jpeg, takenAt: row.takenAt };
}

/** Every kiosk's picture state (admins only: the caller checked), by kiosk id. */
export async function listScreenshotStates(db: Database): Promise<Map<string, ScreenshotState>> {
  const rows = await db
    .select({
      kioskId: kioskScreenshots.kioskId,
      takenAt: kioskScreenshots.takenAt,
      width: kioskScreenshots.width,
      height: kioskScreenshots.height,
      requestedAt: kioskScreenshots.requestedAt,
    })
    .from(kioskScreenshots);
  return new Map(
    rows.map((row) => [
      row.kioskId,
      {
        takenAt: row.takenAt?.toISOString() ?? null,
        width: row.width,
        height: row.height,
        requestedAt:
          row.requestedAt && (!row.takenAt || row.requestedAt > row.takenAt)
            ? row.requestedAt.toISOString()
            : null,
      },
    ]),
  );
}
