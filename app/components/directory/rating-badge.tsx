import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/** "★ 4.9" on a sun-yellow pill; "New" for a business nobody has reviewed yet. */
export function RatingBadge({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  const reviewed = reviewCount > 0;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-sun px-2.5 py-1 text-xs font-bold text-ink shadow-sm",
        className,
      )}
    >
      <Icon name="star" className="size-3.5 fill-current" aria-hidden="true" />
      {reviewed ? (
        <>
          <span aria-hidden="true">{formatRating(rating)}</span>
          <span className="sr-only">Rated {formatRating(rating)} out of 5</span>
        </>
      ) : (
        "New"
      )}
    </span>
  );
}

/** Ratings are stored in steps of 0.1 (docs/product.md#business-form): always one decimal, "5.0" not "5". */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** "1 review" / "212 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}
