import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Route } from "./+types/chooser";
import { DirectoryHeader } from "~/components/directory/directory-header";
import { IndustryCard } from "~/components/directory/industry-card";
import { Button } from "~/components/ui/button";
import { ALL_BUSINESSES_PATH } from "~/lib/directory-search";
import { INDUSTRIES } from "~/lib/industries";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { countBusinessesByIndustry } from "~/.server/businesses/directory";
import { getServicesFrom } from "~/.server/services";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false };

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await countBusinessesByIndustry(getServicesFrom(context).db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Local Shiners: Find a Local Business | Local Shine",
    description:
      "Find the neighborhood businesses behind the Local Shine kiosks: home services, auto care, food, professional services, and health & wellness, all close to home.",
    path: "/local-shiners",
    appUrl: appUrlFrom(matches),
  });

export default function DirectoryChooser({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <DirectoryHeader
        eyebrow="Local Shiners"
        title="Find a Local Shiner"
        intro={
          <p>
            Meet the neighborhood businesses hosting free Local Shine sanitizer kiosks. Pick an industry to
            see who is shining near you.
          </p>
        }
        action={
          <Button asChild size="lg" variant="warm">
            <Link to={ALL_BUSINESSES_PATH}>
              <Icon name="store" aria-hidden="true" />
              Browse All Businesses
            </Link>
          </Button>
        }
      />
      <section aria-labelledby="industries-heading" className="container-page py-12 sm:py-16">
        <h2 id="industries-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Browse by Industry
        </h2>
        <p className="mt-2 text-muted-foreground">
          {total.toLocaleString("en-US")} {total === 1 ? "business" : "businesses"} across five industries.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {INDUSTRIES.map((industry) => (
            <li key={industry.id} className="flex">
              <IndustryCard industry={industry} count={counts[industry.id]} />
            </li>
          ))}
          <li className="flex">
            <Link
              to={ALL_BUSINESSES_PATH}
              className="group flex w-full flex-col justify-between gap-4 rounded-2xl bg-ink p-6 text-white shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <span className="text-xs font-bold tracking-[0.2em] text-sun uppercase">Everyone</span>
              <span className="text-xl font-bold">All Local Shiners</span>
              <span className="text-sm text-white/75">Every partner in the network, newest first.</span>
              <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-sun">
                See them all
                <Icon
                  name="arrow-right"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
