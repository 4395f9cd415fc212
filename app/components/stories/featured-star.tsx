import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/** The featured marker on story images (docs/product.md#featured-stories): a star, named for screen readers. */
export function FeaturedStar({ className }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Featured story"
      title="Featured story"
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-full bg-sun text-ink shadow-sm",
        className,
      )}
    >
      <Icon name="star" className="size-4 fill-current" aria-hidden="true" />
    </span>
  );
}
