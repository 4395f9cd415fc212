import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { NetworkFigures } from "~/lib/network-figures";
import { DecorativeMap } from "./decorative-map";
import { NetworkFiguresBand } from "./network-figures-band";
import { SectionHeading } from "./section-heading";

/**
 * docs/product.md#home: Explore Our Map (→ /map) beside a small decorative map with four partner pins, and the
 * network's live figures under them (left out only when they could not be read).
 */
export function MapTeaser({ figures }: { figures: NetworkFigures | null }) {
  return (
    <section aria-labelledby="map-teaser-title" className="container-page py-16 sm:py-24">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="map-teaser-title"
            eyebrow="The network"
            title="Find a Local Shine kiosk near you"
          >
            From Ventura Boulevard to Topanga Canyon, partner businesses are lighting up the Valley. Every pin
            is a neighbor with a kiosk by the door and a story worth hearing.
          </SectionHeading>
          <ul className="mt-6 space-y-2 text-foreground/80">
            {[
              "Bakeries, auto shops, dentists, plumbers and more",
              "Growing from Woodland Hills across California",
            ].map((line) => (
              <li key={line} className="flex items-start gap-2">
                <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-8">
            <Link to="/map">Explore Our Map</Link>
          </Button>
        </div>
        <DecorativeMap />
      </div>
      {figures ? (
        <NetworkFiguresBand figures={figures} label="The network in figures" className="mt-12" />
      ) : null}
    </section>
  );
}
