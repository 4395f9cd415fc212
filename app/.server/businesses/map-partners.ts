import { and, asc, count, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { businesses } from "../infra/db/schema";
import { kioskHostColumn } from "./kiosk-host";
import type { MapPartner, PartnerCity } from "~/lib/network-map";
import { industryTitle } from "~/lib/industries";

export type { MapPartner, PartnerCity };

/**
 * Every directory business placed on the map (docs/product.md#network-map: a marker per partner, not six samples).
 * Businesses get coordinates from their zip code; one without any is left off the map but still counts in its city
 * below.
 */
export async function listMapPartners(db: Database): Promise<MapPartner[]> {
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      city: businesses.city,
      industry: businesses.industry,
      imageUrl: businesses.imageUrl,
      lat: businesses.latitude,
      lng: businesses.longitude,
      kioskHost: kioskHostColumn(),
    })
    .from(businesses)
    .where(
      and(
        eq(businesses.status, "published"),
        isNotNull(businesses.latitude),
        isNotNull(businesses.longitude),
      ),
    )
    .orderBy(asc(businesses.name), asc(businesses.id));
  return rows.map((row) => ({ ...row, industry: industryTitle(row.industry), lat: row.lat!, lng: row.lng! }));
}

/** The cities partners are in, busiest first: the map page's list, which also works without JavaScript or tiles. */
export async function listPartnerCities(db: Database): Promise<PartnerCity[]> {
  const partners = count();
  return db
    .select({ city: businesses.city, state: businesses.state, partners })
    .from(businesses)
    .where(eq(businesses.status, "published"))
    .groupBy(businesses.city, businesses.state)
    .orderBy(desc(partners), asc(businesses.city));
}

/** Everything the network map page shows, in one call: the pins and the city list. */
export async function loadNetworkMap(
  db: Database,
): Promise<{ partners: MapPartner[]; cities: PartnerCity[] }> {
  const [partners, cities] = await Promise.all([listMapPartners(db), listPartnerCities(db)]);
  return { partners, cities };
}
