// Leaflet touches `window` when it loads, so it lives only in this client chunk, which LazyNetworkMap imports
// after mount (the admin's network page). Its CSS is imported here too, so pages without a map load neither.
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import type { MapKiosk, MapPartner } from "~/lib/network-map";
import { mountLeafletMap } from "./leaflet-map";

export interface NetworkMapProps {
  partners: MapPartner[];
  /** The admin's network page: kiosks as pins coloured by state (online, offline) instead of partners. */
  kiosks?: MapKiosk[];
  /** MAP_TILE_URL and MAP_ATTRIBUTION (operator config, so the attribution's HTML is trusted). */
  tileUrl: string;
  attribution: string;
}

/** The network map in React: Leaflet (./leaflet-map.ts) in a container, and the "Zoom to …" button over it. */
export default function NetworkMap({ partners, kiosks, tileUrl, attribution }: NetworkMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<ReturnType<typeof mountLeafletMap> | null>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = mountLeafletMap(container, {
      partners,
      kiosks,
      tileUrl,
      attribution,
      navigate: (to) => navigateRef.current(to),
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [partners, kiosks, tileUrl, attribution]);

  // The button comes first in the DOM (it floats over the map), so Tab goes from it straight into the pins.
  return (
    <div className="relative size-full">
      {(kiosks ?? partners).length > 0 ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => mapRef.current?.fitAll()}
          className="absolute top-3 right-3 z-[1000] shadow-md"
        >
          <Icon name="maximize-2" aria-hidden="true" /> {kiosks ? "Zoom to kiosks" : "Zoom to partners"}
        </Button>
      ) : null}
      <div
        ref={containerRef}
        role="region"
        aria-label={kiosks ? "Map of kiosks by state" : "Interactive map of Local Shine partners"}
        className="size-full bg-muted"
      />
    </div>
  );
}
