// The network map's Leaflet code, shared by the React component of the admin's network page
// (./network-map.client.tsx) and the map page's island (app/islands/network-map.island.ts), which both load it
// only when a map is shown. Leaflet touches `window` when it loads: never import this from server code. Its CSS is
// loaded by the caller.
import L from "leaflet";
import "leaflet.markercluster";
import { US_CENTER, US_ZOOM, type MapKiosk, type MapPartner } from "~/lib/network-map";
import { sizedImageUrl } from "~/lib/image-url";

export interface LeafletMapOptions {
  partners: MapPartner[];
  /** The admin's network page: kiosks as pins coloured by state (online, offline) instead of partners. */
  kiosks?: MapKiosk[];
  /** MAP_TILE_URL and MAP_ATTRIBUTION (operator config, so the attribution's HTML is trusted). */
  tileUrl: string;
  attribution: string;
  /** Follows a popup's "View business" link inside the app (React Router); without it the link is a plain link. */
  navigate?: (to: string) => void;
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

/** A kiosk's pin: green while its screen is online, red when it is not; the label says which, for every reader. */
function kioskIcon(kiosk: MapKiosk) {
  const colour = kiosk.online ? "oklch(0.58 0.14 155)" : "var(--destructive)";
  return L.divIcon({
    className: "ls-map-kiosk",
    html: `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="${colour}" stroke="white" stroke-width="3"/></svg>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    popupAnchor: [0, -10],
  });
}

/**
 * A pop-up opening near the top edge pans the map until it clears the "Zoom to …" button floating in the top-right
 * corner (12 px from the top, about 36 px tall), instead of opening under it.
 */
const POPUP_OPTIONS: L.PopupOptions = { autoPanPaddingTopLeft: L.point(12, 60) };

function kioskPopup(kiosk: MapKiosk) {
  const root = document.createElement("div");
  root.className = "min-w-40 space-y-1 font-sans";
  const label = document.createElement("div");
  label.className = "text-base font-bold text-ink";
  label.textContent = kiosk.label;
  const state = document.createElement("div");
  state.className = "text-sm text-muted-foreground";
  state.textContent = [kiosk.online ? "Online" : "Offline", kiosk.hostName].filter(Boolean).join(" · ");
  root.append(label, state);
  return root;
}

/** Listings without a kiosk: a hollow, lighter pin, so kiosk hosts stand out. */
const listedPinIcon = L.divIcon({
  className: "ls-map-pin ls-map-pin-listed",
  html: PIN_SVG.replace('fill="var(--primary)"', 'fill="var(--muted-foreground)"').replace(
    'fill="var(--sun)"',
    'fill="white"',
  ),
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

/**
 * The popup: the listing's image, name, industry, city and a link to the business page, built as DOM nodes so
 * names are never parsed as HTML.
 */
function popupContent(partner: MapPartner, navigate?: (to: string) => void) {
  const root = document.createElement("div");
  root.className = "w-52 space-y-1 font-sans";
  const image = sizedImageUrl(partner.imageUrl, 320);
  if (image) {
    const img = document.createElement("img");
    img.src = image;
    img.alt = "";
    img.width = 208;
    img.height = 109;
    img.className = "mb-2 aspect-[40/21] w-full rounded-md bg-secondary object-cover";
    root.append(img);
  }
  const name = document.createElement("div");
  name.className = "text-base font-bold text-ink";
  name.textContent = partner.name;
  const industry = document.createElement("div");
  industry.className = "text-xs font-semibold tracking-wide text-primary uppercase";
  industry.textContent = partner.industry;
  const city = document.createElement("div");
  city.className = "text-sm text-muted-foreground";
  city.textContent = `${partner.city} · ${partner.kioskHost ? "Kiosk host" : "Listed business (no kiosk yet)"}`;
  const link = document.createElement("a");
  link.href = `/business/${partner.id}`;
  link.className = "inline-block pt-1 text-sm font-semibold text-primary underline underline-offset-2";
  link.textContent = "View business";
  // Client-side navigation for a plain click; modified clicks (new tab) keep the browser's behaviour. Without a
  // router (the map page's island), the link is followed like any link.
  link.addEventListener("click", (event) => {
    if (!navigate) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.pathname);
  });
  root.append(name, industry, city, link);
  return root;
}

/** Fits the view to every pin, partners or kiosks (close enough to tell them apart, never closer than a street). */
function fitToPartners(map: L.Map, cluster: L.FeatureGroup, animate: boolean) {
  const bounds = cluster.getBounds();
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [40, 40], maxZoom: 13, animate });
}

/**
 * docs/product.md#network-map: OpenStreetMap tiles, centred on the US at zoom 4, a clustered marker per partner with a
 * popup; then fitted to the pins (docs/decisions/067-map-opens-on-the-partners.md). Returns how to fit it again
 * ("Zoom to partners") and how to take it down.
 */
export function mountLeafletMap(container: HTMLElement, options: LeafletMapOptions) {
  const { partners, kiosks, tileUrl, attribution, navigate } = options;
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
  // Kiosks are never clustered: each pin's colour is its screen's state, which a cluster would hide.
  const cluster = kiosks
    ? L.featureGroup()
    : L.markerClusterGroup({
        iconCreateFunction: clusterIcon,
        showCoverageOnHover: false,
        maxClusterRadius: 56,
        animate,
      });
  if (kiosks) {
    for (const kiosk of kiosks) {
      L.marker([kiosk.lat, kiosk.lng], {
        icon: kioskIcon(kiosk),
        title: `${kiosk.label}: ${kiosk.online ? "online" : "offline"}`,
        riseOnHover: true,
      })
        .bindPopup(() => kioskPopup(kiosk), POPUP_OPTIONS)
        .addTo(cluster);
    }
  } else {
    for (const partner of partners) {
      L.marker([partner.lat, partner.lng], {
        icon: partner.kioskHost ? pinIcon : listedPinIcon,
        title: partner.name,
        riseOnHover: true,
      })
        .bindPopup(() => popupContent(partner, navigate), POPUP_OPTIONS)
        .addTo(cluster);
    }
  }
  map.addLayer(cluster);
  // Opens on the partners (or the fleet), not the whole country: the US view stays for a map with none.
  fitToPartners(map, cluster, false);
  // Leaflet measures its container once; keep it right when the layout changes (rotation, resizing).
  const observer = new ResizeObserver(() => map.invalidateSize());
  observer.observe(container);
  return {
    fitAll: () => fitToPartners(map, cluster, true),
    remove: () => {
      observer.disconnect();
      map.remove();
    },
  };
}
