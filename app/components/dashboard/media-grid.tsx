import { Icon } from "~/components/ui/icon";
import { useRevalidator } from "react-router";
import { MediaCard } from "~/components/dashboard/media-card";
import { Button } from "~/components/ui/button";
import type { MediaItem } from "~/lib/media";

/** docs/product.md#media-dashboard: 1 column on small screens, then 2, 3 and 4; 'No Media Added Yet' when empty. */
export function MediaGrid({
  items,
  timeZone,
  loadError,
}: {
  items: MediaItem[];
  timeZone: string;
  loadError: boolean;
}) {
  if (loadError) return <LoadFailed />;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border-2 border-dashed bg-card/60 px-6 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-sun/25 text-ink">
          <Icon name="image-plus" className="size-8" aria-hidden />
        </span>
        <h3 className="mt-5 text-xl font-semibold">No Media Added Yet</h3>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">
          Images and videos you upload for your kiosk ads will appear here. Use Upload Media to add your first
          one.
        </p>
      </div>
    );
  }
  return (
    <ul
      aria-label="Your media"
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {items.map((item) => (
        <li key={item.id}>
          <MediaCard item={item} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

/** Shown instead of the empty state when the list could not be read, so "no media" is never claimed falsely. */
function LoadFailed() {
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
    >
      <Icon name="triangle-exclamation-point" className="size-8 text-destructive" aria-hidden />
      <h3 className="mt-4 text-lg font-semibold">Failed to load media files.</h3>
      <p className="mt-1 text-sm text-muted-foreground">Your files are safe. Please try again in a moment.</p>
      <Button
        variant="outline"
        className="mt-5"
        disabled={revalidator.state !== "idle"}
        onClick={() => void revalidator.revalidate()}
      >
        <Icon
          name="refresh-cw"
          aria-hidden
          className={revalidator.state !== "idle" ? "animate-spin" : undefined}
        />
        Try again
      </Button>
    </div>
  );
}
