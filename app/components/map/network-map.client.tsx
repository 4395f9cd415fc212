// Leaflet touches `window` when it loads, so it lives only in this client chunk, which LazyNetworkMap imports
// after mount. Its CSS is imported here too, so pages without a map load neither.
import L from "leaflet";
import "leaflet.markercluster";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { US_CENTER, US_ZOOM, type MapPartner } from "~/lib/network-map";

export interface NetworkMapProps {
  partners: MapPartner[];
  /** MAP_TILE_URL and MAP_ATTRIBUTION (operator config, so the attribution's HTML is trusted). */
  tileUrl: string;
  attribution: string;
}

const PIN_SVG = `<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true">
  <path d="M16 41C12 33 2 26 2 15a14 14 0 0 1 28 0c0 11-10 18-14 26z" fill="var(--primary)" stroke="white" stroke-width="2.5"/>
  <circle cx="16" cy="15" r="6" fill="var(--sun)"/></svg>`;

const pinIcon = L.divIcon({
  className: "ls-map-pin",
  html: PIN_SVG,
  iconSize: [32, 42],
  iconAnchor: [16, 41],
  popupAnchor: [0, -36],
});

/** A cluster says how many partners it holds, to eyes and to screen readers. */
function clusterIcon(cluster: L.MarkerCluster) {
  const count = cluster.getChildCount();
  const size = count < 10 ? 40 : count < 50 ? 48 : 56;
  return L.divIcon({
    className: "ls-map-cluster",
    html: `<span class="grid size-full place-items-center rounded-full border-4 border-white bg-primary text-sm font-extrabold text-primary-foreground shadow-lg ring-4 ring-primary/30">${count}<span class="sr-only"> partners here, press Enter to zoom in</span></span>`,
    iconSize: [size, size],
  });
}

/** The popup: name, city and a link to the business page, built as DOM nodes so names are never parsed as HTML. */
function popupContent(partner: MapPartner, navigate: (to: string) => void) {
  const root = document.createElement("div");
  root.className = "min-w-40 space-y-1 font-sans";
  const name = document.createElement("div");
  name.className = "text-base font-bold text-ink";
  name.textContent = partner.name;
  const city = document.createElement("div");
  city.className = "text-sm text-muted-foreground";
  city.textContent = partner.city;
  const link = document.createElement("a");
  link.href = `/business/${partner.id}`;
  link.className = "inline-block pt-1 text-sm font-semibold text-primary underline underline-offset-2";
  link.textContent = "View business";
  // Client-side navigation for a plain click; modified clicks (new tab) keep the browser's behaviour.
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.pathname);
  });
  root.append(name, city, link);
  return root;
}

/**
 * docs/product.md#network-map: OpenStreetMap tiles, centred on the US at zoom 4, a clustered marker per partner with a
 * popup.
 */
export default function NetworkMap({ partners, tileUrl, attribution }: NetworkMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const clusterRef = useRef<L.MarkerClusterGroup | null>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // People who ask for less motion get instant zooms instead of Leaflet's animations.
    const animate = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const map = L.map(container, {
      center: US_CENTER,
      zoom: US_ZOOM,
      worldCopyJump: true,
      zoomAnimation: animate,
      fadeAnimation: animate,
      markerZoomAnimation: animate,
    });
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    const cluster = L.markerClusterGroup({
      iconCreateFunction: clusterIcon,
      showCoverageOnHover: false,
      maxClusterRadius: 56,
      animate,
    });
    for (const partner of partners) {
      L.marker([partner.lat, partner.lng], { icon: pinIcon, title: partner.name, riseOnHover: true })
        .bindPopup(() => popupContent(partner, (to) => navigateRef.current(to)))
        .addTo(cluster);
    }
    map.addLayer(cluster);
    mapRef.current = map;
    clusterRef.current = cluster;
    // Leaflet measures its container once; keep it right when the layout changes (rotation, resizing).
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      clusterRef.current = null;
    };
  }, [partners, tileUrl, attribution]);

  function showAllPartners() {
    const bounds = clusterRef.current?.getBounds();
    if (bounds?.isValid()) mapRef.current?.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
  }

  // The button comes first in the DOM (it floats over the map), so Tab goes from it straight into the pins.
  return (
    <div className="relative size-full">
      {partners.length > 0 ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={showAllPartners}
          className="absolute top-3 right-3 z-[1000] shadow-md"
        >
          <Icon name="maximize-2" aria-hidden="true" /> Zoom to partners
        </Button>
      ) : null}
      <div
        ref={containerRef}
        role="region"
        aria-label="Interactive map of Local Shine partners"
        className="size-full bg-muted"
      />
    </div>
  );
}
