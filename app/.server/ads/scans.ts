import { eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { queryRows } from "../infra/db/client";
import { ads, businesses } from "../infra/db/schema";
import { resolveAuthSecret } from "../infra/config/secret";
import { DEVICE_KIOSK_COLUMNS, toDeviceKiosk, type DeviceKioskRow } from "../kiosks/device-token";
import { adsForKiosk } from "../kiosks/manifest";
import { kioskRuntime } from "../kiosks/runtime";
import { countedVisitor, countWithinBudget, isCountedVisitor } from "../results/visitors";
import type { Services } from "../services";

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
 * A visit to an ad's short link (docs/product.md#ads): where to send the visitor (the listing's page, or its
 * website when the ad says so and the listing has one), after recording the scan: once per visitor, ad and day
 * (../results/visitors.ts), never for an obvious bot. Null for a code no ad has. The visitor is sent on whether or
 * not the scan counted. The website is only ever a reviewed one: the listing's live (approved) column, and only
 * for an approved ad of a published listing, so no one can point a short link of ours at an address no admin has
 * seen (docs/decisions/076-reviewed-edits.md).
 */
export async function scanShortLink(
  services: Pick<Services, "db" | "database" | "env" | "storage">,
  scan: ScanRequest,
): Promise<{ location: string; counted: boolean } | null> {
  if (!SHORT_CODE.test(scan.code)) return null;
  const { db, env } = services;
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
  if (!isCountedVisitor(scan.userAgent)) return { location, counted: false };
  const now = scan.now ?? new Date();
  const visitor = countedVisitor(resolveAuthSecret(env), env.SITE_TIMEZONE, scan.clientIp, now);
  const kioskId = await kioskShowingAd(services, scan.kioskId, ad.id, now);
  const counted = await countWithinBudget(db, visitor, async (tx) => {
    // The database's time when it is written (as for listing events: app/.server/results/listing-events.ts).
    const at = scan.now ? sql`${scan.now.toISOString()}::timestamptz` : sql`now()`;
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into ad_scans (ad_id, kiosk_id, scanned_at, day, visitor_hash)
          values (${ad.id}, ${kioskId}, ${at}, ${visitor.day}::date, ${visitor.hash})
          on conflict (ad_id, day, visitor_hash) do nothing
          returning id`,
    );
    return inserted.length > 0;
  });
  return { location, counted };
}

/**
 * The kiosk named by a scan's `k`, when that kiosk currently shows the ad: paired, not retired, and the ad in its
 * manifest (the same catalog and targeting the screens' manifests are built from). Anything else (a made-up id,
 * a kiosk in another town, one the ad was never picked for) credits no kiosk: the scan counts from nowhere in
 * particular, so nobody can move scans onto a kiosk by editing the link.
 */
async function kioskShowingAd(
  services: Pick<Services, "db" | "database" | "env" | "storage">,
  kioskId: string | null,
  adId: string,
  now: Date,
): Promise<string | null> {
  if (!kioskId || !isUuid(kioskId)) return null;
  const [row] = await queryRows<DeviceKioskRow>(
    services.db,
    sql`select ${DEVICE_KIOSK_COLUMNS} from kiosks
        where id = ${kioskId}::uuid and retired_at is null and device_token_hash is not null`,
  );
  if (!row) return null;
  const catalog = await kioskRuntime(services).catalog.get();
  const shown = adsForKiosk(catalog, toDeviceKiosk(row), now).some((candidate) => candidate.id === adId);
  return shown ? row.id : null;
}
