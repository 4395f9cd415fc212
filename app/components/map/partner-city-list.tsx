import { Icon } from "~/components/ui/icon";
import type { PartnerCity } from "~/lib/network-map";

/** Where partners are, rendered on the server: useful without JavaScript, without tiles, and to screen readers. */
export function PartnerCityList({ cities }: { cities: PartnerCity[] }) {
  if (cities.length === 0) {
    return (
      <p className="mt-6 text-muted-foreground">Our first partners are joining soon. Check back shortly!</p>
    );
  }
  return (
    <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {cities.map((city) => (
        <li
          key={`${city.city}-${city.state}`}
          className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-xs"
        >
          <Icon name="map-pin" className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="font-semibold text-ink">
            {city.city}, {city.state}
          </span>
          <span className="ml-auto shrink-0 whitespace-nowrap rounded-full bg-secondary px-2.5 py-0.5 text-sm font-semibold text-secondary-foreground">
            {city.partners} {city.partners === 1 ? "partner" : "partners"}
          </span>
        </li>
      ))}
    </ul>
  );
}
