import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { FoundingStory } from "~/components/marketing/founding-story";
import { HowItWorks } from "~/components/marketing/how-it-works";
import { KioskIllustration } from "~/components/marketing/kiosk-illustration";
import { MapTeaser } from "~/components/marketing/map-teaser";
import { TestimonialSection } from "~/components/marketing/testimonial-section";
import { Button } from "~/components/ui/button";
import type { PageHandle } from "~/lib/page-handle";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { networkFigures } from "~/.server/results/network-figures";
import { getServicesFrom } from "~/.server/services";

// Home is static marketing: it renders on the server and ships no JavaScript (docs/performance.md "Page weight").
export const handle: PageHandle = { hydrate: false };

/** The network's live figures (cached for a minute, like the page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { figures: await networkFigures(getServicesFrom(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Local Shine | Shine brighter in your neighborhood",
    description:
      "Free digital sanitizer kiosks for small businesses, with free ad space on a network of neighborhood screens. Starting in Woodland Hills, growing across California.",
    path: "/",
    appUrl: appUrlFrom(matches),
  });

/** docs/product.md#what-it-is: what the program promises every partner. */
const BENEFITS = [
  {
    icon: "wrench",
    title: "Free installation and maintenance",
    text: "We deliver, install, stock and service the kiosk. It never costs you a cent.",
  },
  {
    icon: "megaphone",
    title: "A digital advertising network",
    text: "Your ad rotates on screens across the network, so shoppers down the street discover you too.",
  },
  {
    icon: "spray-can",
    title: "Community sanitizer stations",
    text: "Touch-free sanitizer at your door tells every customer you care, visit after visit.",
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-secondary/70 to-background">
        <div className="container-page grid items-center gap-12 pt-12 pb-24 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:pb-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1 text-sm font-semibold text-primary shadow-sm ring-1 ring-border">
              <Icon name="circle-check" className="size-4" aria-hidden="true" /> Free for local businesses in
              Woodland Hills
            </p>
            <h1 className="mt-5 text-4xl font-black tracking-tight text-balance text-ink sm:text-6xl">
              Shine brighter in your neighborhood
            </h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-foreground/80 sm:text-xl">
              Local Shine puts a free digital sanitizer kiosk in your shop. Your customers get clean hands,
              your business gets free ad space, and your whole neighborhood gets a little easier to discover.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                {/* The spec's word, with a name that says where it goes (it reads "MORE about the Digital Kiosk"). */}
                <Link to="/about">
                  MORE<span className="sr-only"> about the Digital Kiosk</span>
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/submit-business">Join Our Network</Link>
              </Button>
            </div>
          </div>
          <KioskIllustration />
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="container-page relative -mt-12 pb-16 sm:pb-20">
        <h2 id="benefits-title" className="sr-only">
          Why businesses join
        </h2>
        <ul className="grid gap-8 rounded-3xl border bg-card p-6 shadow-lg sm:p-8 md:grid-cols-3">
          {BENEFITS.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-sun/30 text-ink">
                <Icon name={icon} className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-bold text-ink">{title}</h3>
                <p className="mt-1 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <HowItWorks />
      <MapTeaser figures={loaderData.figures} />
      <TestimonialSection />
      <FoundingStory live={(loaderData.figures?.kiosks ?? 0) > 0} />
    </>
  );
}
