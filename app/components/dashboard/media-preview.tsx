import { Icon } from "~/components/ui/icon";
import { responsiveImage } from "~/lib/image-url";
import { useEffect, useRef, useState } from "react";
import { isVideoType, type MediaItem } from "~/lib/media";

/**
 * The picture of a media card: the image, or a muted video that plays while hovered or focused
 * (docs/product.md#media-dashboard) and pauses when the pointer or focus leaves. A processed video plays its screen
 * copy (H.264 MP4, with its poster frame), so every format previews once ready; until then, formats the browser
 * cannot play (e.g. AVI) get a placeholder.
 */
export function MediaPreview({
  item,
}: {
  item: Pick<MediaItem, "title" | "fileUrl" | "fileType" | "screenUrl" | "posterUrl">;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [unplayable, setUnplayable] = useState(false);

  useEffect(() => {
    // An error raised before hydration never reached onError.
    if (video.current?.error) setUnplayable(true);
  }, []);

  if (!isVideoType(item.fileType)) {
    return (
      <img
        {...responsiveImage(
          item.fileUrl,
          "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
        )}
        alt={item.title}
        loading="lazy"
        decoding="async"
        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
    );
  }
  if (unplayable) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
        <Icon name="film" className="size-10" aria-hidden />
        <span className="text-sm">Preview not available</span>
      </div>
    );
  }

  const play = () => {
    // play() rejects when a pause interrupts it; that is the expected end of a short hover.
    video.current?.play().catch(() => undefined);
  };
  const pause = () => video.current?.pause();
  return (
    <video
      ref={video}
      src={item.screenUrl ?? item.fileUrl}
      poster={item.posterUrl ?? undefined}
      muted
      loop
      playsInline
      preload="metadata"
      tabIndex={0}
      aria-label={`Video: ${item.title}. Plays while hovered or focused.`}
      onMouseEnter={play}
      onMouseLeave={pause}
      onFocus={play}
      onBlur={pause}
      onError={() => setUnplayable(true)}
      className="size-full object-cover outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
    />
  );
}
