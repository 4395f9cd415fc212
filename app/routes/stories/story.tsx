import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Route } from "./+types/story";
import { FeaturedStar } from "~/components/stories/featured-star";
import { ShareStoryButton } from "~/components/stories/share-story-button";
import { StoryImage } from "~/components/stories/story-card";
import { Badge } from "~/components/ui/badge";
import { formatCalendarDate } from "~/lib/format-calendar-date";
import { industryTitle } from "~/lib/industries";
import { notFound } from "~/lib/not-found";
import { absoluteUrl, appUrlFrom, seoMeta, SITE_NAME } from "~/lib/seo";
import { getServicesFrom } from "~/.server/services";
import { getPublishedStory } from "~/.server/stories/public-stories";
import { ShareStoryDialog } from "~/components/stories/share-story-dialog";
import type { PageHandle } from "~/lib/page-handle";

// Read-only: visitors get the server's HTML and these islands, no React (docs/decisions/070-islands-instead-of-hydration.md).
export const handle: PageHandle = { hydrate: false, islands: ["dialogs", "busy-form", "field-checks"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const story = await getPublishedStory(getServicesFrom(context), params.id);
  // Missing, malformed and not-yet-published ids all look the same to a visitor (docs/product.md#one-story,
  // #publishing).
  if (!story) notFound("story");
  return { story };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const story = loaderData?.story;
  if (!story) return [];
  const appUrl = appUrlFrom(matches);
  const path = `/story/${story.id}`;
  const image = story.backgroundImageUrl ? absoluteUrl(appUrl, story.backgroundImageUrl) : undefined;
  return [
    ...seoMeta({
      title: `${story.title} | Shine Stories | Local Shine`,
      description: story.shortDescription,
      path,
      appUrl,
      image,
      imageAlt: story.title,
      type: "article",
    }),
    { property: "article:published_time", content: story.publishDate },
    { property: "article:section", content: industryTitle(story.industry) },
    {
      // React Router escapes "<" in this JSON as \u003c, so story text can't end the script element.
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: story.title,
        description: story.shortDescription,
        ...(image ? { image: [image] } : {}),
        datePublished: story.publishDate,
        author: { "@type": "Person", name: story.author },
        publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(appUrl, "/") },
        articleSection: industryTitle(story.industry),
        mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(appUrl, path) },
      },
    },
  ];
};

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  const industry = industryTitle(story.industry);

  return (
    <article className="container-page max-w-4xl py-10 sm:py-14">
      <Link
        to={`/shine-stories/${story.industry}`}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
      >
        <Icon name="arrow-left" className="size-4" aria-hidden="true" /> Back to {industry} Stories
      </Link>

      {/* Without a photo the banner is a low strip: the story opens with its title, not a large coloured block. */}
      <div
        className={
          story.backgroundImageUrl
            ? "relative mt-6 aspect-[16/9] overflow-hidden rounded-2xl bg-secondary shadow-sm sm:aspect-[21/9]"
            : "relative mt-6 h-28 overflow-hidden rounded-2xl bg-secondary shadow-sm sm:h-36"
        }
      >
        <StoryImage src={story.backgroundImageUrl} industry={story.industry} eager />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-ink/40 via-transparent to-transparent"
        />
        <div className="absolute inset-x-0 top-0 flex items-start justify-between p-4">
          <Badge className="bg-white/95 px-3 py-1 text-sm text-ink shadow-sm">{industry}</Badge>
          {story.isFeatured ? <FeaturedStar className="size-10" /> : null}
        </div>
      </div>

      <header className="mt-8">
        <h1 className="text-3xl font-black tracking-tight text-ink sm:text-5xl">{story.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Icon name="user-round" className="size-4" aria-hidden="true" />
            <span>
              By <span className="font-semibold text-foreground">{story.author}</span>
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Icon name="calendar-days" className="size-4" aria-hidden="true" />
            <time dateTime={story.publishDate}>{formatCalendarDate(story.publishDate)}</time>
          </span>
        </div>
        <p className="mt-6 border-l-4 border-sun pl-4 text-lg text-foreground/80 sm:text-xl">
          {story.shortDescription}
        </p>
        {story.business ? (
          <Link
            to={`/business/${story.business.id}`}
            className="mt-6 inline-flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm shadow-xs hover:border-primary"
          >
            <Icon name="store" className="size-5 text-primary" aria-hidden="true" />
            <span>
              <span className="block font-semibold text-ink">Visit {story.business.name}</span>
              <span className="block text-muted-foreground">
                {story.business.city}, {story.business.state} · see their Local Shine listing
              </span>
            </span>
            <Icon name="arrow-right" className="size-4 text-primary" aria-hidden="true" />
          </Link>
        ) : null}
      </header>

      {story.contentHtml ? (
        // Rendered from Markdown and sanitized on the server (app/.server/stories/render-markdown.ts).
        <div className="prose-story mt-8 text-lg" dangerouslySetInnerHTML={{ __html: story.contentHtml }} />
      ) : (
        <div className="prose-story mt-8 text-lg">
          {story.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}

      <aside
        aria-labelledby="inspired-heading"
        className="mt-14 flex flex-col items-start gap-5 rounded-2xl bg-secondary p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div>
          <h2 id="inspired-heading" className="text-2xl font-bold text-ink">
            Inspired by this story?
          </h2>
          <p className="mt-2 text-muted-foreground">Share how Local Shine has helped your business shine.</p>
        </div>
        <ShareStoryButton />
        <ShareStoryDialog />
      </aside>
    </article>
  );
}
