import { Link } from "react-router";
import type { Route } from "./+types/about";
import { CtaBand } from "~/components/marketing/cta-band";
import { FeatureCard } from "~/components/marketing/feature-card";
import { PageHero } from "~/components/marketing/page-hero";
import { SectionHeading } from "~/components/marketing/section-heading";
import { Button } from "~/components/ui/button";
import { NetworkFiguresBand } from "~/components/marketing/network-figures-band";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import type { PageHandle } from "~/lib/page-handle";
import { networkFigures } from "~/.server/results/network-figures";
import { getServicesFrom } from "~/.server/services";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false };

/** The network's live figures (cached for a minute, like the page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { figures: await networkFigures(getServicesFrom(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Digital Kiosk | Local Shine",
    description:
      "Our mission, our values and how Local Shine began: free sanitizer kiosks with free local advertising for small businesses, from Woodland Hills across California.",
    path: "/about",
    appUrl: appUrlFrom(matches),
  });

/**
 * docs/product.md#about: mission; values Community First, Zero Cost, Real Results; how it started; values Partnership,
 * Innovation, Results; a call to action. How it started follows the network's real state: until a kiosk is lit up
 * in a partner shop it tells the plan, never a past that has not happened; the live figures stand beside it.
 */
export default function About({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const live = (figures?.kiosks ?? 0) > 0;
  return (
    <>
      <PageHero eyebrow="Digital Kiosk" title="A free kiosk that keeps hands clean and neighbors connected">
        <p>
          Every Local Shine kiosk is two things at once: a touch-free sanitizer station by your door, and a
          bright screen that shows off the small businesses around you, including yours.
        </p>
      </PageHero>

      <section aria-labelledby="mission-title" className="container-page py-16 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:items-start">
          <SectionHeading id="mission-title" eyebrow="Our mission" title="Help every small business shine" />
          <div className="space-y-4 text-lg text-foreground/80">
            <p>
              Big brands buy billboards. The bakery on the corner can't. We think the businesses that make a
              neighborhood worth living in deserve to be seen just as much, so we give them the screen for
              free.
            </p>
            <p>
              Local Shine pays for the kiosks, the installation and the upkeep. In return, partners host a
              station that keeps their customers healthy and shares a slice of screen time with the neighbors
              down the street.
            </p>
          </div>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          <li>
            <FeatureCard icon="users" title="Community First">
              Every ad on the network is for a local business. No national chains, no tracking, just
              neighbors.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="badge-dollar-sign" title="Zero Cost">
              The kiosk, the sanitizer refills, the repairs and your ad design are free. There is no catch and
              no contract.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="trending-up" title="Real Results">
              Partners see new faces within weeks: customers who first met them on a screen across town.
            </FeatureCard>
          </li>
        </ul>
      </section>

      <section aria-labelledby="started-title" className="bg-muted/60 py-16 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading
              id="started-title"
              eyebrow="How it started"
              title={live ? "The first kiosks in Woodland Hills" : "Starting in Woodland Hills"}
            />
            <div className="mt-5 space-y-4 text-lg text-foreground/80">
              {live ? (
                <>
                  <p>
                    Local Shine began on Ventura Boulevard and Topanga Canyon, with partners who took a chance
                    on an idea: a sanitizer station by the door, and a screen that shows off the neighbors.
                  </p>
                  <p>
                    Those first partners teach us what works. Offers beat slogans. Owners' faces beat logos.
                    And people really do want to support the businesses next door; they just need to know who
                    they are.
                  </p>
                </>
              ) : (
                <p>
                  Local Shine starts on Ventura Boulevard and Topanga Canyon, with partners who take a chance
                  on an idea: a sanitizer station by the door, and a screen that shows off the neighbors. Our
                  first kiosks are going into partner shops now.
                </p>
              )}
              <p>
                From Woodland Hills, the network grows across the San Fernando Valley, and then to
                neighborhoods all over California.
              </p>
            </div>
          </div>
          <ol className="grid gap-4" aria-label="Milestones">
            {[
              [
                "The first kiosks",
                live
                  ? "Kiosks go live in Woodland Hills businesses, each with a free ad slot."
                  : "Kiosks go into the first Woodland Hills businesses, each with a free ad slot.",
              ],
              ["Across the Valley", "Tarzana, Encino, Canoga Park, Northridge and more join the network."],
              ["Across California", "New regions come next, starting with our neighbors in Ventura County."],
            ].map(([title, text], index) => (
              <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5 shadow-sm">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-bold text-ink">{title}</h3>
                  <p className="text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        {figures ? (
          <div className="container-page mt-12">
            <h3 className="text-xl font-bold text-ink">The network today</h3>
            <NetworkFiguresBand figures={figures} label="The network today" className="mt-4" />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="how-we-work-title" className="container-page py-16 sm:py-20">
        <SectionHeading
          id="how-we-work-title"
          eyebrow="What we value"
          title="How we work with our partners"
          align="center"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          <li>
            <FeatureCard icon="handshake" title="Partnership">
              We plan your kiosk's spot and your ad with you, and we answer the phone when you call.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="lightbulb" title="Innovation">
              Touch-free dispensers, bright displays and ads you can update any time keep the kiosk useful and
              fresh.
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="heart-handshake" title="Results">
              We share what the network learns about what brings customers in, so every partner's ad works
              harder.
            </FeatureCard>
          </li>
        </ul>
      </section>

      <CtaBand
        title="Ready to shine?"
        actions={
          <>
            <Button asChild size="lg" variant="warm">
              <Link to="/submit-business">Join Our Network</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link to="/contact">Ask us a question</Link>
            </Button>
          </>
        }
      >
        <p>Tell us about your business. A free kiosk could be by your door within weeks.</p>
      </CtaBand>
    </>
  );
}
