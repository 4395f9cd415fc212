import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { screenHours, type ScreenHours } from "~/lib/kiosk-player/opening";
import type { WeeklyHours } from "~/lib/opening-hours";
import { queryRows, type Database } from "../infra/db/client";

/** 256 random bits, URL-safe: a device token or a pairing secret. Nobody guesses one; only its hash is stored. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** How a token or secret is kept: hex SHA-256 (the value itself is random, so no salt or stretching is needed). */
export function hashDeviceSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What a device request needs to know about its kiosk. */
export interface DeviceKiosk {
  id: string;
  label: string;
  orientation: "portrait" | "landscape";
  timeZone: string;
  latitude: number | null;
  longitude: number | null;
  /** When it sleeps: its host's weekly hours, unless it is always on (docs/product.md#sleep-outside-opening-hours). */
  hours: ScreenHours | null;
}

/** The kiosk columns a device request reads, as raw SQL selects them (the device API's hot path skips the query builder). */
export const DEVICE_KIOSK_COLUMNS = sql.raw(
  `id, label, orientation, time_zone, latitude, longitude, always_on,
   (select jsonb_build_object('weekly', b.hours, 'timeZone', b.time_zone) from businesses b
     where b.id = kiosks.host_business_id and b.hours is not null) as host_hours`,
);

export interface DeviceKioskRow {
  id: string;
  label: string;
  orientation: "portrait" | "landscape";
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  always_on: boolean;
  host_hours: { weekly: WeeklyHours; timeZone: string | null } | null;
}

export function toDeviceKiosk(row: DeviceKioskRow): DeviceKiosk {
  return {
    id: row.id,
    label: row.label,
    orientation: row.orientation,
    timeZone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    // The host's hours are read in the listing's own zone when it has one, else in the kiosk's (from its place).
    hours: screenHours(row.host_hours?.weekly, row.host_hours?.timeZone ?? row.time_zone, {
      alwaysOn: row.always_on,
    }),
  };
}

/** The bearer token of `Authorization: Bearer <token>`, or null. Tokens are base64url, 20 to 200 characters. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? "");
  return match ? match[1]! : null;
}

/** The paired, active kiosk a device token belongs to, or null (unknown, revoked, or retired). */
export async function findKioskByToken(db: Database, token: string): Promise<DeviceKiosk | null> {
  const [row] = await queryRows<DeviceKioskRow>(
    db,
    sql`select ${DEVICE_KIOSK_COLUMNS} from kiosks
        where device_token_hash = ${hashDeviceSecret(token)} and retired_at is null limit 1`,
  );
  return row ? toDeviceKiosk(row) : null;
}
