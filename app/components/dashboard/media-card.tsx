import { Icon } from "~/components/ui/icon";
import { useFetcher } from "react-router";
import { MediaPreview } from "~/components/dashboard/media-preview";
import { MediaStatus } from "~/components/dashboard/media-status";
import { ConfirmDeleteButton } from "~/components/ui/confirm-delete-button";
import { cn } from "~/lib/cn";
import type { FormReply } from "~/lib/form-submission";
import { adsDeletedWarning, formatLongDate, formatMegabytes, isVideoType, type MediaItem } from "~/lib/media";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";

const DELETE_FETCHER_KEY = "delete-media";

/** Call once on the dashboard: shows 'Media deleted' / 'Delete failed'. */
export function useDeleteMediaToasts() {
  useFetcherReplyToast(DELETE_FETCHER_KEY);
}

/**
 * One media card (docs/product.md#media-dashboard): preview, delete, title, two-line description, its processing
 * state for screens (and "Make an ad" once ready), long date, size in MB.
 */
export function MediaCard({ item, timeZone }: { item: MediaItem; timeZone: string }) {
  const fetcher = useFetcher<FormReply>({ key: DELETE_FETCHER_KEY });
  const deleting = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  const adsWarning = adsDeletedWarning(item.adsCount);

  return (
    <article
      aria-busy={deleting}
      aria-labelledby={`media-${item.id}-title`}
      className={cn(
        "group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-md",
        deleting && "pointer-events-none opacity-50",
      )}
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        <MediaPreview key={item.screenUrl ?? item.fileUrl} item={item} />
        {isVideoType(item.fileType) ? (
          <span className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-ink/75 px-2 py-0.5 text-xs font-medium text-white">
            <Icon name="clapperboard" className="size-3.5" aria-hidden />
            Video
          </span>
        ) : null}
        <div className="absolute top-2 right-2">
          <ConfirmDeleteButton
            fetcherKey={DELETE_FETCHER_KEY}
            id={item.id}
            label={`Delete ${item.title}`}
            title="Delete this media?"
            description={
              <>
                {item.inUse
                  ? `“${item.title}” will be removed from your dashboard. The listing or story that shows this image keeps it.`
                  : `“${item.title}” will be removed from your dashboard and its file deleted. This can't be undone.`}
                {adsWarning ? (
                  <strong className="mt-2 block font-semibold text-destructive">{adsWarning}</strong>
                ) : null}
              </>
            }
            trigger="overlay"
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 id={`media-${item.id}-title`} className="line-clamp-1 font-semibold" title={item.title}>
          {item.title}
        </h3>
        {item.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        ) : null}
        <MediaStatus item={item} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-xs text-muted-foreground">
          <time dateTime={item.createdAt.toISOString()}>{formatLongDate(item.createdAt, timeZone)}</time>
          <span className="tabular-nums">{formatMegabytes(item.fileSize)}</span>
        </div>
      </div>
    </article>
  );
}
