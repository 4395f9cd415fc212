import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";
import { AD_MESSAGES, isTooLongForAnAd } from "~/lib/ad-schemas";
import { formatDuration, isVideoType, type MediaItem } from "~/lib/media";
import { SHAPE_LABELS } from "~/lib/media-shape";

/** Where an owner starts an ad from a ready media item (docs/product.md#ads). */
const newAdHref = (mediaId: string) => `/dashboard/ads/new?media=${encodeURIComponent(mediaId)}`;

/**
 * A media card's processing state (docs/product.md#media-dashboard): Processing with a spinner, Ready (with a
 * video's length) and a "Make an ad" link, or Failed with the reason in plain words. Nothing for an item that was
 * never queued. A live region, so the change is announced when the page refreshes it.
 */
export function MediaStatus({ item }: { item: MediaItem }) {
  return (
    <div aria-live="polite" className="min-h-5 text-sm">
      <StatusLine item={item} />
    </div>
  );
}

function StatusLine({ item }: { item: MediaItem }) {
  switch (item.processingStatus) {
    case "processing":
      return (
        <p className="inline-flex items-center gap-1.5 font-medium text-muted-foreground">
          <Icon name="loader-circle" className="size-4 animate-spin motion-reduce:animate-none" />
          Processing
        </p>
      );
    case "failed":
      return (
        <div className="flex flex-col gap-0.5">
          <p className="inline-flex items-center gap-1.5 font-medium text-destructive">
            <Icon name="circle-exclamation-point" className="size-4" />
            Failed
          </p>
          <p className="text-xs text-muted-foreground">{item.processingError}</p>
        </div>
      );
    case "ready":
      return <Ready item={item} />;
    default:
      return null;
  }
}

function Ready({ item }: { item: MediaItem }) {
  const video = isVideoType(item.fileType);
  // Said here instead of offering the link, as the ad editor would refuse it (docs/product.md#ads).
  const tooLong = video && isTooLongForAnAd(item.durationSec);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
        <Icon name="circle-check" className="size-4" />
        Ready
        {video && item.durationSec !== null ? (
          <span className="font-normal text-muted-foreground tabular-nums">
            · <time dateTime={`PT${Math.round(item.durationSec)}S`}>{formatDuration(item.durationSec)}</time>
          </span>
        ) : null}
        {item.shape ? (
          <span className="font-normal text-muted-foreground" title={SHAPE_LABELS[item.shape].fit}>
            · {SHAPE_LABELS[item.shape].label}
          </span>
        ) : null}
      </p>
      {tooLong ? (
        <p className="text-xs text-muted-foreground">{AD_MESSAGES.videoTooLong}</p>
      ) : (
        <Link
          to={newAdHref(item.id)}
          aria-label={`Make an ad from ${item.title}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Icon name="megaphone" aria-hidden />
          Make an ad
        </Link>
      )}
    </div>
  );
}
