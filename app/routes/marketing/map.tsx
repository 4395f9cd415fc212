import { Link } from "react-router";
import type { Route } from "./+types/map";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import clusterStyles from "leaflet.markercluster/dist/MarkerCluster.css?url";
import { NetworkMapPreview } from "~/components/map/network-map-preview";
import { PartnerCityList } from "~/components/map/partner-city-list";
import { CtaBand } from "~/components/marketing/cta-band";
import { PageHero } from "~/components/marketing/page-hero";
import { SectionHeading } from "~/components/marketing/section-heading";
import { Button } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { loadNetworkMap } from "~/.server/businesses/map-partners";
import { getServicesFrom } from "~/.server/services";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getServicesFrom(context);
  const { partners, cities } = await loadNetworkMap(db);
  return { partners, cities, tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION } };
}

/**
 * Read-only for visitors: the picture and the lists are the server's; the interactive map is the `network-map`
 * island, loaded when it is asked for (docs/decisions/100-map-page-in-two-steps.md).
 */
export const handle: PageHandle = { hydrate: false, islands: ["network-map"] };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Network Map | Local Shine",
    description:
      "See every Local Shine partner on the map: small businesses hosting free sanitizer kiosks, from Woodland Hills across California.",
    path: "/map",
    appUrl: appUrlFrom(matches),
  });

/**
 * docs/product.md#network-map: every partner on a real map (no key, no placeholder note), opened from a picture of their
 * places drawn on the server, plus the city list with every partner, which works without either.
 */
export default function NetworkMapPage({ loaderData }: Route.ComponentProps) {
  const { partners, cities, tiles } = loaderData;
  const partnerTotal = cities.reduce((sum, city) => sum + city.partners, 0);
  const hosts = partners.filter((partner) => partner.kioskHost).length;
  return (
    <>
      <PageHero eyebrow="Network Map" title="See where Local Shine is shining">
        <p>
          {partnerTotal > 0
            ? `${partnerTotal} listed ${partnerTotal === 1 ? "business" : "businesses"} in ${cities.length} ${cities.length === 1 ? "city" : "cities"}, ${hosts} of them hosting a kiosk (the sun-centred pins). `
            : null}
          Open the interactive map to zoom in on a neighborhood and select a pin to meet the business behind
          it, or find every partner by city below.
        </p>
      </PageHero>

      <section aria-label="Map" className="container-page py-10">
        <NetworkMapPreview
          partners={partners}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
          styles={[leafletStyles, clusterStyles]}
        />
        <p className="mt-3 text-sm text-muted-foreground">
          Keyboard: Tab moves between pins and clusters, Enter opens one, and the arrow keys pan the map once
          it has focus.
        </p>
      </section>

      <section aria-labelledby="cities-title" className="container-page py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading id="cities-title" eyebrow="Where we are" title="Partner cities" />
          <Button asChild variant="outline">
            <Link to="/local-shiners/all">Browse all Local Shiners</Link>
          </Button>
        </div>
        <PartnerCityList cities={cities} partners={partners} />
      </section>

      <CtaBand
        title="Want your business on the map?"
        actions={
          <Button asChild size="lg" variant="warm">
            <Link to="/submit-business">Join Our Network</Link>
          </Button>
        }
      >
        <p>Host a free kiosk, get free ad space, and become the next pin in your neighborhood.</p>
      </CtaBand>
    </>
  );
}
