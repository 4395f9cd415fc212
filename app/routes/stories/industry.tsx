import { Icon } from "~/components/ui/icon";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/industry";
import { ShareStoryButton } from "~/components/stories/share-story-button";
import { StoryCard } from "~/components/stories/story-card";
import { StorySearchBar } from "~/components/stories/story-search-bar";
import { cn } from "~/lib/cn";
import { INDUSTRIES } from "~/lib/industries";
import { notFound } from "~/lib/not-found";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { StoryListSearchSchema } from "~/lib/story-schemas";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { listPublishedStories } from "~/.server/stories/public-stories";
import { ShareStoryDialog } from "~/components/stories/share-story-dialog";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = {
  hydrate: false,
  islands: ["dialogs", "busy-form", "field-checks", "submit-on-change"],
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const industry = INDUSTRIES.find((candidate) => candidate.id === params.industry);
  if (!industry) {
    getRequestInfo(context).log.warn({ path: new URL(request.url).pathname }, "unknown path");
    notFound();
  }
  const search = StoryListSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { stories, total } = await listPublishedStories(getServicesFrom(context), {
    industry: industry.id,
    query: search.q,
    featuredOnly: search.featured,
  });
  return { industry, q: search.q, featuredOnly: search.featured, stories, total };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { industry } = loaderData;
  return seoMeta({
    title: `${industry.title} Success Stories | Local Shine`,
    description: `${industry.title} businesses in the Local Shine network share how free sanitizer kiosks and local ads helped them grow. ${industry.description}`,
    path: `/shine-stories/${industry.id}`,
    appUrl: appUrlFrom(matches),
    image: loaderData.stories[0]?.backgroundImageUrl,
    // A filtered view is the same page as far as search engines are concerned.
    noindex: Boolean(loaderData.q) || loaderData.featuredOnly,
  });
};

export default function IndustryStories({ loaderData }: Route.ComponentProps) {
  const { industry, q, featuredOnly, stories, total } = loaderData;
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === `/shine-stories/${industry.id}`;
  const filtered = Boolean(q) || featuredOnly;

  return (
    <>
      <section className="border-b bg-gradient-to-br from-secondary via-background to-accent">
        <div className="container-page py-12 sm:py-16">
          <Link
            to="/shine-stories"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
          >
            <Icon name="arrow-left" className="size-4" aria-hidden="true" /> All Shine Stories
          </Link>
          <h1 className="mt-6 text-4xl font-black tracking-tight text-ink sm:text-5xl">
            {industry.title}{" "}
            <span className="mt-2 block text-lg font-bold tracking-[0.2em] text-primary sm:text-xl">
              SUCCESS STORIES
            </span>
          </h1>
          <p className="mt-4 max-w-2xl text-muted-foreground">{industry.description}</p>
        </div>
      </section>

      <section className="container-page py-10" aria-label="Stories">
        <StorySearchBar q={q} featuredOnly={featuredOnly} />
        <p role="status" className="mt-6 text-sm font-medium text-muted-foreground">
          {total} {total === 1 ? "story" : "stories"} found
        </p>
        {stories.length > 0 ? (
          <div
            aria-busy={refreshing}
            className={cn(
              "mt-4 grid gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3",
              refreshing && "opacity-60",
            )}
          >
            {stories.map((story, index) => (
              <StoryCard key={story.id} story={story} headingLevel="h2" eagerImage={index === 0} />
            ))}
          </div>
        ) : (
          <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed bg-muted/40 px-6 py-14 text-center">
            <h2 className="text-2xl font-bold text-ink">No Stories Yet</h2>
            <p className="mt-2 max-w-md text-muted-foreground">
              {filtered
                ? "No stories match your search. Try different words, or turn off Featured Only."
                : `We haven't published a ${industry.title} story yet. Yours could be the first.`}
            </p>
            {filtered ? (
              <Link to="." className="mt-4 text-sm font-semibold text-primary hover:underline">
                Show all {industry.title} stories
              </Link>
            ) : null}
            <ShareStoryButton className="mt-6" />
          </div>
        )}
        {stories.length < total ? (
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Showing the {stories.length} newest. Search to narrow the list.
          </p>
        ) : null}
      </section>
      <ShareStoryDialog />
    </>
  );
}
