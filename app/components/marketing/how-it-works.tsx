import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FeatureCard } from "./feature-card";
import { SectionHeading } from "./section-heading";

/** docs/product.md#home: the three steps, and See Real Installations (→ /map, where the installed kiosks are). */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="bg-muted/60 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="Three steps to a brighter storefront"
          align="center"
        >
          No contracts, no fees, no fine print. You host the kiosk; we take care of everything else.
        </SectionHeading>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          <li>
            <FeatureCard step={1} icon="sparkles" title="Free sanitizer kiosk installed">
              We deliver a sleek, touch-free kiosk to your storefront, set it up, keep it stocked and fix it
              if it ever hiccups. You provide a spot near the door and an outlet.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard step={2} icon="monitor-play" title="Free ad space">
              Your business gets its own slot in the kiosk's rotating display. We design it with you, and you
              can update your offer whenever you like.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard step={3} icon="hand-heart" title="Support local businesses">
              Every screen also features other Local Shiners nearby, so each customer who stops to sanitize
              meets a neighbor worth visiting, and theirs meet you.
            </FeatureCard>
          </li>
        </ol>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/map">
              See Real Installations <Icon name="arrow-right" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
