import { Icon } from "~/components/ui/icon";
import type { Route } from "./+types/stories-home";
import { IndustryStoryCard } from "~/components/stories/industry-story-card";
import { ShareStoryButton } from "~/components/stories/share-story-button";
import { StoryCard, StoryImage } from "~/components/stories/story-card";
import { Button } from "~/components/ui/button";
import { INDUSTRIES } from "~/lib/industries";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { getServicesFrom } from "~/.server/services";
import { getStoriesHome } from "~/.server/stories/public-stories";
import { ShareStoryDialog } from "~/components/stories/share-story-dialog";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false, islands: ["dialogs", "busy-form", "field-checks"] };

export async function loader({ context }: Route.LoaderArgs) {
  return getStoriesHome(getServicesFrom(context));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    title: "Shine Stories | Local Shine",
    description:
      "Real success stories from Valley businesses in the Local Shine network: cafés, auto shops, clinics and more, growing with free sanitizer kiosks and neighbor-to-neighbor ads.",
    path: "/shine-stories",
    appUrl: appUrlFrom(matches),
    image: loaderData?.featured[0]?.backgroundImageUrl,
  });

export default function StoriesHome({ loaderData }: Route.ComponentProps) {
  const { counts, featured } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-secondary via-background to-accent">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-sun/30 blur-3xl"
        />
        <div className="container-page relative grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold tracking-widest text-primary uppercase shadow-sm">
              <Icon name="sparkles" className="size-3.5 text-sun" aria-hidden="true" /> Shine Stories
            </p>
            <h1 className="mt-5 max-w-3xl text-4xl font-black tracking-tight text-ink sm:text-6xl">
              Real stories from neighbors who shine
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
              Café owners, mechanics, therapists and plumbers share how a free sanitizer kiosk and a screen
              full of local ads brought new faces through their doors.
            </p>
            <Button asChild size="lg" className="mt-8">
              <a href="#featured">
                Read Featured Stories <Icon name="arrow-down" aria-hidden="true" />
              </a>
            </Button>
          </div>
          <HeroCollage images={featured.slice(0, 3).map((story) => story.backgroundImageUrl)} />
        </div>
      </section>

      <section aria-labelledby="industries-heading" className="container-page py-16">
        <h2 id="industries-heading" className="text-3xl font-bold tracking-tight text-ink">
          Explore by Industry
        </h2>
        <p className="mt-2 text-muted-foreground">Find stories from businesses like yours.</p>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {INDUSTRIES.map((industry) => (
            <IndustryStoryCard key={industry.id} industry={industry} count={counts[industry.id]} />
          ))}
        </div>
      </section>

      <section id="featured" aria-labelledby="featured-heading" className="scroll-mt-20 bg-muted/60 py-16">
        <div className="container-page">
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight text-ink">
            Featured Stories
          </h2>
          <p className="mt-2 text-muted-foreground">
            Hand-picked highlights from across the Local Shine network.
          </p>
          {featured.length > 0 ? (
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {featured.map((story) => (
                <StoryCard key={story.id} story={story} />
              ))}
            </div>
          ) : (
            <p className="mt-8 rounded-xl border border-dashed bg-background p-10 text-center text-muted-foreground">
              No featured stories yet. Check back soon.
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="featured-cta-heading" className="container-page pt-16">
        <div className="relative overflow-hidden rounded-2xl bg-ink px-6 py-12 text-white sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-20 -left-16 size-64 rounded-full bg-primary/40 blur-3xl"
          />
          <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
            <div className="max-w-2xl">
              <h2 id="featured-cta-heading" className="text-3xl font-bold tracking-tight">
                Want to be Featured?
              </h2>
              <p className="mt-3 text-white/80">
                Has a Local Shine kiosk made a difference for your business? Tell us what happened. Your story
                could inspire the next neighbor to shine.
              </p>
            </div>
            <ShareStoryButton />
          </div>
        </div>
      </section>
      <ShareStoryDialog />
    </>
  );
}

/** Three featured story images fanned out beside the hero text on wide screens; decoration only. */
function HeroCollage({ images }: { images: (string | null)[] }) {
  if (images.length < 3) return null;
  const placements = ["-rotate-6 translate-y-6", "rotate-3 -translate-y-4 z-10", "rotate-9 translate-y-8"];
  return (
    <div aria-hidden="true" className="relative hidden h-72 items-center justify-center lg:flex">
      {images.map((src, index) => (
        <div
          key={index}
          className={`-mx-10 h-56 w-44 overflow-hidden rounded-2xl border-4 border-white bg-secondary shadow-xl ${placements[index]}`}
        >
          {/* Decoration, hidden on phones: a lazy image there is never fetched. */}
          <StoryImage src={src} />
        </div>
      ))}
    </div>
  );
}
