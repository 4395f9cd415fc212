import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AdTiming } from "~/lib/ad-schedule";
import { itemKeyOf, STALLED_VIDEO_GRACE_SECONDS, type ScreenManifest } from "~/lib/kiosk-player/manifest";
import type { Database } from "../infra/db/client";

// What each kiosk was served (docs/security.md#proof-of-play): a play is plausible only for an item a manifest
// served to that kiosk described, as it described it. Recorded when a manifest is answered with a body, so a fleet
// revalidating unchanged manifests (304) writes nothing.

/** Slack on an item's time on screen: timers firing late, a video's first frame, the cross-fade. */
export const PLAY_SLACK_MS = 3_000;
/** Served rows withdrawn longer ago than this can no longer cover a play the results would count. */
const KEEP_WITHDRAWN_DAYS = 100;

export interface ServedItem {
  itemKey: string;
  adId: string | null;
  servedHash: string;
  maxMs: number;
  timing: AdTiming;
  timeZone: string;
}

/** The manifest's items as plausibility rules: one per item (not per turn), with the longest play it allows. */
export function servedItemsOf(manifest: Pick<ScreenManifest, "items" | "kiosk">): ServedItem[] {
  const byHash = new Map<string, ServedItem>();
  for (const item of manifest.items) {
    const itemKey = itemKeyOf(item);
    const stall = item.media.kind === "video" ? STALLED_VIDEO_GRACE_SECONDS : 0;
    const maxMs = (item.seconds + stall) * 1000 + PLAY_SLACK_MS;
    const timeZone = manifest.kiosk.timeZone;
    const servedHash = createHash("sha256")
      .update(JSON.stringify([itemKey, maxMs, item.timing, timeZone]))
      .digest("base64url")
      .slice(0, 27);
    byHash.set(servedHash, {
      itemKey,
      adId: item.kind === "ad" ? (item.adId?.toLowerCase() ?? null) : null,
      servedHash,
      maxMs,
      timing: item.timing,
      timeZone,
    });
  }
  return [...byHash.values()];
}

/** How far back a manifest a screen already held (a revalidation this process had not recorded) counts as served. */
const HELD_SINCE_MS = 24 * 3600_000;

/**
 * Records that the kiosk now holds these items: items it did not hold are served from `now`, items no longer in
 * its manifest are withdrawn at `now`, and rows withdrawn long ago go. One statement. `since: "held"` is for a
 * screen that revalidated a manifest nobody recorded (served before an upgrade, say): its new rows count from its
 * pairing, at most a day back, so the plays it made offline from it are not refused.
 */
export async function recordServedItems(
  db: Database,
  kioskId: string,
  manifest: Pick<ScreenManifest, "items" | "kiosk">,
  { now = new Date(), since }: { now?: Date; since?: "held" } = {},
): Promise<void> {
  const items = JSON.stringify(servedItemsOf(manifest));
  const at = now.toISOString();
  const firstServed =
    since === "held"
      ? sql`greatest(coalesce((select paired_at from kiosks where id = ${kioskId}::uuid), ${at}::timestamptz),
                     ${new Date(now.getTime() - HELD_SINCE_MS).toISOString()}::timestamptz)`
      : sql`${at}::timestamptz`;
  await db.execute(sql`
    with items as (
      select * from json_to_recordset(${items}::json)
        as i("itemKey" text, "adId" uuid, "servedHash" text, "maxMs" int, timing jsonb, "timeZone" text)
    ),
    withdrawn as (
      update kiosk_served_items s set withdrawn_at = ${at}::timestamptz
      where s.kiosk_id = ${kioskId}::uuid and s.withdrawn_at is null
        and s.served_hash not in (select "servedHash" from items)
      returning 1
    ),
    pruned as (
      delete from kiosk_served_items
      where kiosk_id = ${kioskId}::uuid
        and withdrawn_at < ${at}::timestamptz - make_interval(days => ${KEEP_WITHDRAWN_DAYS})
      returning 1
    )
    insert into kiosk_served_items
      (kiosk_id, item_key, ad_id, served_hash, max_ms, timing, time_zone, first_served_at)
    select ${kioskId}::uuid, i."itemKey", i."adId", i."servedHash", i."maxMs", i.timing, i."timeZone", ${firstServed}
    from items i
    where not exists (
      select 1 from kiosk_served_items s
      where s.kiosk_id = ${kioskId}::uuid and s.served_hash = i."servedHash" and s.withdrawn_at is null
    )
    on conflict do nothing`);
}

const MAX_REMEMBERED_KIOSKS = 200_000;

/** The manifest version this process last recorded as served to each kiosk, so a revalidation records nothing. */
export class ServedVersions {
  private readonly versions = new Map<string, string>();

  get(kioskId: string): string | undefined {
    return this.versions.get(kioskId);
  }

  remember(kioskId: string, version: string) {
    if (this.versions.size >= MAX_REMEMBERED_KIOSKS) this.versions.clear();
    this.versions.set(kioskId, version);
  }
}
