import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { kiosks } from "../infra/db/schema";

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
}

export const deviceKioskColumns = {
  id: kiosks.id,
  label: kiosks.label,
  orientation: kiosks.orientation,
  timeZone: kiosks.timeZone,
  latitude: kiosks.latitude,
  longitude: kiosks.longitude,
};

/** The bearer token of `Authorization: Bearer <token>`, or null. Tokens are base64url, 20 to 200 characters. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? "");
  return match ? match[1]! : null;
}

/** The paired, active kiosk a device token belongs to, or null (unknown, revoked, or retired). */
export async function findKioskByToken(db: Database, token: string): Promise<DeviceKiosk | null> {
  const [row] = await db
    .select(deviceKioskColumns)
    .from(kiosks)
    .where(and(eq(kiosks.deviceTokenHash, hashDeviceSecret(token)), isNull(kiosks.retiredAt)))
    .limit(1);
  return row ?? null;
}
