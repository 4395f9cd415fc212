import { sql } from "drizzle-orm";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import type { WeeklyHours } from "~/lib/opening-hours";
import { queryRows, type Database } from "../infra/db/client";
import { downSince } from "../results/host-hours";

// What an admin sees first when they sign in (docs/product.md#admin-overview): the work waiting for them and the
// screens that need someone, each a count read in one statement, each linking to the page where it is done.

export interface AdminOverview {
  ok: true;
  /** Owners' new listings waiting for approval. */
  listings: number;
  /** Owners' edits of published listings waiting for approval. */
  listingEdits: number;
  /** Claims of a listing that an admin decides. */
  claims: number;
  /** Ads waiting for review (their media ready to play, not paused), as on /admin/ads. */
  ads: number;
  /** Approved ads whose owner asked for a new distance. */
  targeting: number;
  /** Story submissions, Join Our Network applications and contact messages not yet marked handled. */
  inbox: number;
  /** Paired screens silent over an hour while their host is open: the network page's alerts. */
  screensDown: number;
  /** Paired screens in the fleet (not retired). */
  screensPaired: number;
}

export async function getAdminOverview(
  db: Database,
  viewer: AdminViewer,
  now = new Date(),
): Promise<AdminOverview | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const [row] = await queryRows<
    Record<Exclude<keyof AdminOverview, "ok" | "screensDown" | "screensPaired">, number | string>
  >(
    db,
    sql`select
          (select count(*) from businesses where status = 'pending') as "listings",
          (select count(*) from business_edits where status = 'pending') as "listingEdits",
          (select count(*) from business_claims where status = 'pending' and method = 'admin') as "claims",
          (select count(*) from ads a join media m on m.id = a.media_id
            where a.review_status = 'pending' and m.processing_status = 'ready' and a.paused_at is null) as "ads",
          (select count(*) from ads where pending_radius_miles is not null and review_status = 'approved')
            as "targeting",
          (select count(*) from story_submissions where handled_at is null)
            + (select count(*) from business_applications where handled_at is null)
            + (select count(*) from contact_messages where handled_at is null) as "inbox"`,
  );
  const screens = await queryRows<{
    last_seen_at: string | null;
    paired_at: string | null;
    host_id: string | null;
    host_hours: WeeklyHours | null;
    host_time_zone: string;
  }>(
    db,
    sql`select k.last_seen_at::text, k.paired_at::text, b.id as host_id, b.hours as host_hours,
               coalesce(b.time_zone, k.time_zone) as host_time_zone
        from kiosks k left join businesses b on b.id = k.host_business_id
        where k.retired_at is null and k.device_token_hash is not null`,
  );
  const down = screens.filter((screen) => {
    const host = screen.host_id ? { hours: screen.host_hours, timeZone: screen.host_time_zone } : null;
    return downSince({ lastSeenAt: screen.last_seen_at, pairedAt: screen.paired_at, host }, now) !== null;
  });
  return {
    ok: true,
    listings: Number(row!.listings),
    listingEdits: Number(row!.listingEdits),
    claims: Number(row!.claims),
    ads: Number(row!.ads),
    targeting: Number(row!.targeting),
    inbox: Number(row!.inbox),
    screensDown: down.length,
    screensPaired: screens.length,
  };
}
