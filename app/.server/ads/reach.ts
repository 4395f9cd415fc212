import { and, eq, isNull } from "drizzle-orm";
import { adKiosks, ads, businesses, kiosks } from "../infra/db/schema";
import type { Database } from "../infra/db/client";
import { distanceMiles } from "../kiosks/geo";

/**
 * How many working kiosks (not retired) an ad reaches: those an admin picked for it, or, when none was picked, those
 * within its distance of its listing (what `targetsKiosk` decides for a manifest). What the approval email says.
 */
export async function countKiosksReached(db: Pick<Database, "select">, adId: string): Promise<number> {
  const picked = await db
    .select({ id: adKiosks.kioskId })
    .from(adKiosks)
    .innerJoin(kiosks, eq(kiosks.id, adKiosks.kioskId))
    .where(and(eq(adKiosks.adId, adId), isNull(kiosks.retiredAt)));
  if (picked.length > 0) return picked.length;
  const [ad] = await db
    .select({ radiusMiles: ads.radiusMiles, latitude: businesses.latitude, longitude: businesses.longitude })
    .from(ads)
    .innerJoin(businesses, eq(businesses.id, ads.businessId))
    .where(eq(ads.id, adId));
  if (!ad || ad.latitude === null || ad.longitude === null) return 0;
  const fleet = await db
    .select({ latitude: kiosks.latitude, longitude: kiosks.longitude })
    .from(kiosks)
    .where(isNull(kiosks.retiredAt));
  const listing = { latitude: ad.latitude, longitude: ad.longitude };
  return fleet.filter(
    (kiosk) =>
      kiosk.latitude !== null &&
      kiosk.longitude !== null &&
      distanceMiles(listing, { latitude: kiosk.latitude, longitude: kiosk.longitude }) <= ad.radiusMiles,
  ).length;
}

/** The approval email's sentence about where the ad plays: the truth, including when no kiosk is in reach yet. */
export function wherePlays(kiosksReached: number, radiusMiles: number): string {
  if (kiosksReached === 0) {
    return `No Local Shine kiosk is within ${radiusMiles} miles of your listing yet, so it is not playing anywhere for now: it starts on its own as soon as one is, whenever its schedule allows.`;
  }
  const kiosksText =
    kiosksReached === 1 ? "the Local Shine kiosk" : `the ${kiosksReached} Local Shine kiosks`;
  return `It plays on ${kiosksText} near your listing whenever its schedule allows.`;
}
