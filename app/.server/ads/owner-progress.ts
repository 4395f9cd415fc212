import { sql } from "drizzle-orm";
import { adHourlyResults, ads, businesses, kioskPlays, media } from "../infra/db/schema";
import { queryRows, type Database } from "../infra/db/client";
import type { OwnerProgress } from "~/lib/owner-progress";

/**
 * Where an owner is on the way to an ad on the screens (docs/product.md#media-dashboard, "Getting started"): each step
 * read from their own rows (`user_id = viewer.id` in every subquery), in one statement.
 */
export async function getOwnerProgress(db: Database, viewer: { id: string }): Promise<OwnerProgress> {
  const ownAds = sql`select ${ads.id} from ${ads} where ${ads.userId} = ${viewer.id}`;
  const [row] = await queryRows<{ [Step in keyof OwnerProgress]: boolean }>(
    db,
    sql`
    select
      exists(select 1 from ${businesses} where ${businesses.userId} = ${viewer.id}) as "listing",
      exists(select 1 from ${businesses} where ${businesses.userId} = ${viewer.id} and ${businesses.status} = 'published') as "listingPublished",
      exists(select 1 from ${media} where ${media.userId} = ${viewer.id}) as "media",
      exists(select 1 from ${ads} where ${ads.userId} = ${viewer.id}) as "ad",
      exists(
        select 1 from ${ads} join ${businesses} on ${businesses.id} = ${ads.businessId}
        where ${ads.userId} = ${viewer.id} and ${ads.reviewStatus} = 'approved' and ${businesses.status} = 'published'
      ) as "approved",
      exists(select 1 from ${kioskPlays} where ${kioskPlays.adId} in (${ownAds}))
        or exists(select 1 from ${adHourlyResults} where ${adHourlyResults.adId} in (${ownAds})) as "playing"
  `,
  );
  return {
    listing: Boolean(row?.listing),
    listingPublished: Boolean(row?.listingPublished),
    media: Boolean(row?.media),
    ad: Boolean(row?.ad),
    approved: Boolean(row?.approved),
    playing: Boolean(row?.playing),
  };
}
