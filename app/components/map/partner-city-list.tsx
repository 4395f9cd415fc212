import { Icon } from "~/components/ui/icon";
import type { MapPartner, PartnerCity } from "~/lib/network-map";

/**
 * Where partners are, rendered on the server: useful without JavaScript, without tiles, and to screen readers. With
 * `partners` (the map page), each city opens onto its partners, each a link to its page.
 */
export function PartnerCityList({ cities, partners }: { cities: PartnerCity[]; partners?: MapPartner[] }) {
  if (cities.length === 0) {
    return (
      <p className="mt-6 text-muted-foreground">Our first partners are joining soon. Check back shortly!</p>
    );
  }
  const byCity = Map.groupBy(partners ?? [], (partner) => partner.city);
  return (
    <ul className="mt-6 grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {cities.map((city) => {
        const listed = byCity.get(city.city) ?? [];
        const heading = (
          <>
            <Icon name="map-pin" className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="font-semibold text-ink">
              {city.city}, {city.state}
            </span>
            <span className="ml-auto shrink-0 whitespace-nowrap rounded-full bg-secondary px-2.5 py-0.5 text-sm font-semibold text-secondary-foreground">
              {city.partners} {city.partners === 1 ? "partner" : "partners"}
            </span>
          </>
        );
        return (
          <li key={`${city.city}-${city.state}`} className="rounded-xl border bg-card shadow-xs">
            {listed.length > 0 ? (
              <details className="group">
                <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl p-4 hover:bg-secondary/40 [&::-webkit-details-marker]:hidden">
                  {heading}
                  <Icon
                    name="chevron-down"
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <ul className="space-y-1 border-t px-4 py-3 text-sm">
                  {listed.map((partner) => (
                    <li key={partner.id} className="flex items-baseline justify-between gap-3">
                      <a
                        href={`/business/${partner.id}`}
                        className="font-medium text-primary underline-offset-2 hover:underline"
                      >
                        {partner.name}
                      </a>
                      <span className="shrink-0 text-xs text-muted-foreground">
                        {partner.kioskHost ? "Kiosk host" : partner.industry}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <div className="flex items-center gap-3 p-4">{heading}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
