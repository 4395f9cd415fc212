import type { IslandAttrs } from "~/islands/contract";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import type { MapPartner } from "~/lib/network-map";
import { useNonce } from "~/lib/nonce";

/** Nearly square, so the picture reads on a phone's tall box as on a desk's wide one. */
const WIDTH = 640;
const HEIGHT = 540;
/** Pins closer than this (in the picture's units) are drawn as one, with their count. */
const MERGE = 26;

/** Web Mercator, as the tiles are drawn: x and y from 0 to 1 across the world. */
function project(lat: number, lng: number) {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

interface Spot {
  x: number;
  y: number;
  partners: number;
  hosts: number;
}

interface Label {
  city: string;
  x: number;
  y: number;
}

/**
 * Where the partners are, fitted to them as the interactive map opens (docs/decisions/067): their positions
 * projected as the map's tiles are, pins within a few pixels of each other drawn as one with their count, and the
 * busiest cities named. No tiles and no script: a picture the server draws from the same rows as the map.
 */
export function placesPicture(partners: MapPartner[]): { spots: Spot[]; labels: Label[] } {
  if (partners.length === 0) return { spots: [], labels: [] };
  const points = partners.map((partner) => ({ partner, ...project(partner.lat, partner.lng) }));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  // Fitted into 85 % of the width and 70 % of the height, a little above the middle (the button sits below); at
  // least a town's span (1e-4 of the world, about 4 km), so a single partner is not magnified into nonsense.
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), 1e-4);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), 1e-4);
  const scale = Math.min((WIDTH * 0.85) / spanX, (HEIGHT * 0.7) / spanY);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const spots: Spot[] = [];
  const cities = new Map<string, { x: number; y: number; n: number }>();
  for (const point of points) {
    const x = WIDTH / 2 + (point.x - cx) * scale;
    const y = HEIGHT * 0.44 + (point.y - cy) * scale;
    const near = spots.find((spot) => Math.hypot(spot.x - x, spot.y - y) < MERGE);
    if (near) {
      near.partners++;
      if (point.partner.kioskHost) near.hosts++;
    } else spots.push({ x, y, partners: 1, hosts: point.partner.kioskHost ? 1 : 0 });
    const city = cities.get(point.partner.city) ?? { x: 0, y: 0, n: 0 };
    cities.set(point.partner.city, { x: city.x + x, y: city.y + y, n: city.n + 1 });
  }
  const labels = [...cities]
    .sort((a, b) => b[1].n - a[1].n)
    .slice(0, 6)
    .map(([city, { x, y, n }]) => ({ city, x: x / n, y: y / n }));
  return { spots, labels };
}

/**
 * The map page's first view (docs/decisions/100-map-page-in-two-steps.md): a picture of the partners' places drawn on
 * the server, and a button that loads the interactive map in its place (the `network-map` island). The interactive
 * map's markup is here too, hidden, with its pins as JSON; without JavaScript the picture stays and the list below
 * names every partner.
 */
export function NetworkMapPreview({
  partners,
  tileUrl,
  attribution,
  styles,
}: {
  partners: MapPartner[];
  tileUrl: string;
  attribution: string;
  /** The URLs of Leaflet's stylesheets, loaded with the interactive map. */
  styles: string[];
}) {
  const nonce = useNonce();
  const { spots, labels } = placesPicture(partners);
  const hosts = partners.filter((partner) => partner.kioskHost).length;
  const data = JSON.stringify({ partners, tileUrl, attribution }).replace(/</g, "\\u003c");
  return (
    <div
      className="relative isolate h-[28rem] overflow-hidden rounded-2xl border bg-muted shadow-sm sm:h-[36rem]"
      {...({ "data-network-map": "", "data-network-map-styles": styles.join(" ") } satisfies IslandAttrs)}
    >
      <div
        className="absolute inset-0 bg-[linear-gradient(oklch(0.88_0.01_240)_1px,transparent_1px),linear-gradient(90deg,oklch(0.88_0.01_240)_1px,transparent_1px),radial-gradient(circle_at_center,var(--secondary),var(--muted))] bg-[size:64px_64px,64px_64px,100%_100%] bg-center"
        {...({ "data-network-map-picture": "" } satisfies IslandAttrs)}
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Where the ${partners.length} partners on the map are: ${hosts} kiosk ${hosts === 1 ? "host" : "hosts"} (sun-centred pins) and ${partners.length - hosts} listed ${partners.length - hosts === 1 ? "business" : "businesses"} (hollow pins). Every partner city is listed below.`}
          className="size-full"
        >
          {spots.map((spot) => (
            <g key={`${spot.x} ${spot.y}`} transform={`translate(${spot.x.toFixed(1)} ${spot.y.toFixed(1)})`}>
              <path
                d="M0 0C-4-8-12-13-12-22a12 12 0 0 1 24 0C12-13 4-8 0 0z"
                fill={spot.hosts > 0 ? "var(--primary)" : "var(--muted-foreground)"}
                stroke="white"
                strokeWidth="2.5"
              />
              <circle cy="-22" r="5" fill={spot.hosts > 0 ? "var(--sun)" : "white"} />
              {spot.partners > 1 ? (
                <g transform="translate(11 -34)">
                  <circle r="11" fill="var(--ink)" stroke="white" strokeWidth="2" />
                  <text y="4" fontSize="11" fontWeight="800" fill="white" textAnchor="middle">
                    {spot.partners}
                  </text>
                </g>
              ) : null}
            </g>
          ))}
          {labels.map((label) => (
            <text
              key={label.city}
              x={label.x.toFixed(1)}
              y={(label.y + 20).toFixed(1)}
              fontSize="15"
              fontWeight="700"
              fill="var(--ink)"
              stroke="white"
              strokeWidth="4"
              paintOrder="stroke"
              textAnchor="middle"
            >
              {label.city}
            </text>
          ))}
        </svg>
        <div className="absolute inset-x-0 bottom-0 flex justify-center p-4">
          <Button
            type="button"
            size="lg"
            className="shadow-lg"
            hidden
            {...({ "data-network-map-open": "" } satisfies IslandAttrs)}
          >
            <Icon name="map-pin" aria-hidden="true" /> Open the interactive map
          </Button>
        </div>
      </div>
      <div className="relative size-full" hidden {...({ "data-network-map-live": "" } satisfies IslandAttrs)}>
        {partners.length > 0 ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="absolute top-3 right-3 z-[1000] shadow-md"
            {...({ "data-network-map-fit": "" } satisfies IslandAttrs)}
          >
            <Icon name="maximize-2" aria-hidden="true" /> Zoom to partners
          </Button>
        ) : null}
        <div
          role="region"
          aria-label="Interactive map of Local Shine partners"
          className="size-full bg-muted"
          {...({ "data-network-map-canvas": "" } satisfies IslandAttrs)}
        />
      </div>
      {/* Data, never run; it carries the nonce like every inline script of the page. */}
      <script
        type="application/json"
        nonce={nonce}
        {...({ "data-network-map-data": "" } satisfies IslandAttrs)}
        dangerouslySetInnerHTML={{ __html: data }}
      />
    </div>
  );
}
