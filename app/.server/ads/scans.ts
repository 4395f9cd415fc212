import { createHash, createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { isUuid } from "~/lib/uuid";
import { adScans, ads, businesses, kiosks } from "../infra/db/schema";
import { resolveAuthSecret } from "../infra/config/secret";
import type { Services } from "../services";
import { localTime } from "~/lib/ad-schedule";

const SHORT_CODE = /^[A-Za-z0-9]{6,16}$/;

export interface ScanRequest {
  code: string;
  /** The kiosk the player says showed the code (`?k=`), if any. */
  kioskId: string | null;
  userAgent: string | null;
  clientIp: string;
  now?: Date;
}

/**
 * The visitor's hash for telling repeat scans apart on one day: HMAC of the day, IP and browser under a key
 * derived from AUTH_SECRET. The IP itself is never stored, and tomorrow's hash of the same visitor differs.
 */
export function dailyVisitorHash(
  secret: string,
  day: string,
  clientIp: string,
  userAgent: string | null,
): string {
  const dayKey = createHmac("sha256", secret).update(`scan-salt:${day}`).digest();
  return createHash("sha256")
    .update(dayKey)
    .update(`${clientIp}\n${userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * A visit to an ad's short link (docs/product.md#ads): where to send the visitor (the listing's page, or its
 * website when the ad says so and the listing has one), after recording the scan unless the visitor is an obvious
 * bot. Null for a code no ad has. The website is only ever a reviewed one: the listing's live (approved) column,
 * and only for an approved ad of a published listing, so no one can point a short link of ours at an address no
 * admin has seen (docs/decisions/076-reviewed-edits.md).
 */
export async function scanShortLink(
  { db, env }: Pick<Services, "db" | "env">,
  scan: ScanRequest,
): Promise<{ location: string; counted: boolean } | null> {
  if (!SHORT_CODE.test(scan.code)) return null;
  const [ad] = await db
    .select({
      id: ads.id,
      qrTarget: ads.qrTarget,
      businessId: ads.businessId,
      website: businesses.website,
      reviewed:
        sql<boolean>`(${ads.reviewStatus} = 'approved' and ${businesses.status} = 'published')`.mapWith(
          Boolean,
        ),
    })
    .from(ads)
    .innerJoin(businesses, eq(businesses.id, ads.businessId))
    .where(eq(ads.shortCode, scan.code));
  if (!ad) return null;
  const location =
    ad.reviewed && ad.qrTarget === "website" && ad.website ? ad.website : `/business/${ad.businessId}`;
  const bot = !scan.userAgent || isbot(scan.userAgent);
  if (bot) return { location, counted: false };
  const now = scan.now ?? new Date();
  // The kiosk only when the server knows it: a made-up `k` is a scan from nowhere in particular.
  const [kiosk] =
    scan.kioskId && isUuid(scan.kioskId)
      ? await db.select({ id: kiosks.id }).from(kiosks).where(eq(kiosks.id, scan.kioskId))
      : [];
  await db.insert(adScans).values({
    adId: ad.id,
    kioskId: kiosk?.id ?? null,
    // The database's time when it is written (as for listing events: app/.server/results/listing-events.ts).
    scannedAt: scan.now ?? sql`now()`,
    visitorHash: dailyVisitorHash(
      resolveAuthSecret(env),
      localTime(now, env.SITE_TIMEZONE).date,
      scan.clientIp,
      scan.userAgent,
    ),
  });
  return { location, counted: true };
}
