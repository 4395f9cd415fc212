import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { NetworkMapProps } from "./network-map.client";

// Only this dynamic import points at Leaflet, so its code and CSS are fetched on the map page, after hydration.
const NetworkMap = lazy(() => import("./network-map.client"));

const subscribe = () => () => {};
/** False on the server and during hydration, true after: the map renders only in a real browser. */
function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The network map, or a placeholder of the same size while it loads (and, without JavaScript, a pointer to the list). */
export function LazyNetworkMap(props: NetworkMapProps) {
  const hydrated = useHydrated();
  return (
    <div className="h-[28rem] overflow-hidden rounded-2xl border bg-muted shadow-sm sm:h-[36rem]">
      {hydrated ? (
        <Suspense fallback={<MapPlaceholder />}>
          <NetworkMap {...props} />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
}

function MapPlaceholder() {
  return (
    <div className="grid size-full place-items-center bg-[radial-gradient(circle_at_center,var(--secondary),var(--muted))] p-6 text-center">
      <div>
        <Icon name="map-pin" className="mx-auto size-10 animate-pulse text-primary" aria-hidden="true" />
        <p className="mt-3 font-semibold text-ink">Loading the map…</p>
        <noscript>
          <p className="mt-2 max-w-sm text-muted-foreground">
            The interactive map needs JavaScript. Every partner city is listed below.
          </p>
        </noscript>
      </div>
    </div>
  );
}
