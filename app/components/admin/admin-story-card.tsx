import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Link } from "react-router";
import { FeaturedStar } from "~/components/stories/featured-star";
import { StoryImage } from "~/components/stories/story-card";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import type { AdminStory } from "~/lib/admin-story-schemas";
import { formatCalendarDate } from "~/lib/format-calendar-date";
import { industryTitle } from "~/lib/industries";
import { DeleteStoryButton } from "./delete-story-button";

/**
 * One story in the panel (docs/product.md#shine-stories-panel): background image, title, a star if featured, industry
 * and Featured badges, short description, author, long-form date, and edit and delete actions. Scheduled (future-dated)
 * stories say so, since visitors can't see them yet.
 */
export function AdminStoryCard({
  story,
  today,
  onEdit,
}: {
  story: AdminStory;
  /** The site's date (YYYY-MM-DD): later publish dates are scheduled. */
  today: string;
  onEdit: (story: AdminStory) => void;
}) {
  const titleId = useId();
  const scheduled = story.publishDate > today;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-secondary">
        <StoryImage src={story.backgroundImageUrl} industry={story.industry} />
        <div className="absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
          <div className="flex flex-wrap gap-1.5">
            <Badge className="bg-white/95 text-ink shadow-sm">{industryTitle(story.industry)}</Badge>
            {story.isFeatured ? (
              <Badge variant="warm" className="shadow-sm">
                Featured
              </Badge>
            ) : null}
          </div>
          {story.isFeatured ? <FeaturedStar /> : null}
        </div>
        {scheduled ? (
          <Badge className="absolute bottom-3 left-3 gap-1 bg-ink/90 text-white shadow-sm">
            <Icon name="calendar-clock" aria-hidden />
            Scheduled
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={titleId} className="text-lg leading-snug font-bold text-ink">
          {story.title}
        </h2>
        <p className="line-clamp-3 text-sm text-muted-foreground">{story.shortDescription}</p>
        <p className="mt-auto text-xs text-muted-foreground">
          <span className="font-medium text-foreground/80">{story.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={story.publishDate}>{formatCalendarDate(story.publishDate)}</time>
        </p>
        <div className="flex flex-wrap items-center gap-2 border-t pt-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onEdit(story)}
            aria-label={`Edit ${story.title}`}
          >
            <Icon name="pencil" aria-hidden />
            Edit
          </Button>
          <DeleteStoryButton id={story.id} title={story.title} />
          {scheduled ? null : (
            <Link
              to={`/story/${story.id}`}
              aria-label={`View ${story.title}`}
              className={buttonVariants({ variant: "ghost", size: "sm", className: "ml-auto text-primary" })}
            >
              View
              <Icon name="external-link" aria-hidden />
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
