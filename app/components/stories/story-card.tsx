import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { responsiveImage } from "~/lib/image-url";
import { formatCalendarDate } from "~/lib/format-calendar-date";
import { industryTitle } from "~/lib/industries";
import { IndustryPattern } from "~/components/directory/industry-pattern";
import { FeaturedStar } from "./featured-star";

/** The fields a story card shows (the public list queries return exactly these). */
export interface StoryCardStory {
  id: string;
  title: string;
  shortDescription: string;
  industry: string;
  author: string;
  publishDate: string;
  isFeatured: boolean;
  backgroundImageUrl: string | null;
}

export function StoryCard({
  story,
  headingLevel = "h3",
  eagerImage = false,
}: {
  story: StoryCardStory;
  headingLevel?: "h2" | "h3";
  /** The card is in the first screen: its image loads first (StoryImage `eager`). */
  eagerImage?: boolean;
}) {
  const titleId = useId();
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-secondary">
        <StoryImage
          src={story.backgroundImageUrl}
          industry={story.industry}
          eager={eagerImage}
          banner={false}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <div className="absolute inset-x-0 top-0 flex items-start justify-between p-3">
          <Badge className="bg-white/95 text-ink shadow-sm">{industryTitle(story.industry)}</Badge>
          {story.isFeatured ? <FeaturedStar /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading id={titleId} className="text-lg leading-snug font-bold text-ink">
          {story.title}
        </Heading>
        <p className="line-clamp-3 text-sm text-muted-foreground">{story.shortDescription}</p>
        <p className="mt-auto text-xs text-muted-foreground">
          <span className="font-medium text-foreground/80">{story.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={story.publishDate}>{formatCalendarDate(story.publishDate)}</time>
        </p>
        <Link
          to={`/story/${story.id}`}
          aria-describedby={titleId}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-primary hover:underline"
        >
          Read Full Story
          <Icon
            name="arrow-right"
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
      </div>
    </article>
  );
}

/**
 * A story's background image, or, when it has none, a designed stand-in: a dotted pattern in the site's colours
 * with the industry's icon in a badge. Decorative: the title says what it is.
 */
export function StoryImage({
  src,
  industry,
  className,
  eager = false,
  banner = eager,
}: {
  src: string | null;
  /** The story's industry, whose icon the stand-in shows. */
  industry?: string;
  className?: string;
  /** In the first screen (the story page's banner, the first card of a list): load first, at once. */
  eager?: boolean;
  /** As wide as the screen (the story page's banner). */
  banner?: boolean;
}) {
  if (!src) return <IndustryPattern industry={industry} className={className} />;
  return (
    <img
      {...responsiveImage(
        src,
        banner ? "100vw" : "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
        banner ? [960, 1280] : [480, 960],
      )}
      alt=""
      // In the first screen: fetched first, at once, and painted with the page (the LCP element).
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? undefined : "async"}
      className={cn("size-full object-cover", className)}
    />
  );
}
