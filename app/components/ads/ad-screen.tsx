import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type ScreenOrientation = "portrait" | "landscape";

export type AdScreenProps = {
  orientation: ScreenOrientation;
  /** The picture or video, filling the media area (the player passes its own <video> to control playback). */
  media: ReactNode;
  businessName: string;
  callToAction?: string | null;
  /** The QR code as an SVG document (trusted: rendered on our server from the ad's short link). */
  qrSvg?: string | null;
  /** The short link printed under the code, for people who type it. */
  shortLink?: string | null;
  className?: string;
};

/**
 * What a kiosk screen shows for one ad: the media, and beside it the business, the call to action and the QR code.
 * Sized in container units, so the same markup is the owner's small preview and the kiosk's full screen
 * (portrait 1080×1920 is the usual sanitizer-kiosk screen; landscape puts the panel at the side).
 */
export function AdScreen({
  orientation,
  media,
  businessName,
  callToAction,
  qrSvg,
  shortLink,
  className,
}: AdScreenProps) {
  const portrait = orientation === "portrait";
  return (
    <div
      className={cn(
        "@container relative overflow-hidden bg-ink text-white",
        portrait ? "aspect-[9/16]" : "aspect-[16/9]",
        className,
      )}
      data-orientation={orientation}
    >
      <div className={cn("absolute inset-0 flex", portrait ? "flex-col" : "flex-row")}>
        <div className="relative min-h-0 min-w-0 flex-1 bg-black [&>img]:size-full [&>img]:object-contain [&>video]:size-full [&>video]:object-contain">
          {media}
        </div>
        <div
          className={cn(
            "flex shrink-0 items-center bg-ink",
            portrait
              ? "h-[22%] flex-row gap-[4cqw] px-[5cqw]"
              : "w-[28%] flex-col justify-center gap-[2cqw] px-[2cqw] text-center",
          )}
        >
          <div className={cn("min-w-0 flex-1", !portrait && "flex-none")}>
            <p className={cn("font-semibold leading-tight", portrait ? "text-[5cqw]" : "text-[2.4cqw]")}>
              {businessName}
            </p>
            {callToAction ? (
              <p
                className={cn("mt-[1cqw] leading-snug text-sun", portrait ? "text-[4cqw]" : "text-[1.8cqw]")}
              >
                {callToAction}
              </p>
            ) : null}
            {shortLink ? (
              <p className={cn("mt-[1cqw] text-white/70", portrait ? "text-[2.6cqw]" : "text-[1.2cqw]")}>
                {shortLink}
              </p>
            ) : null}
          </div>
          {qrSvg ? (
            <div
              className={cn(
                "shrink-0 rounded-[1.5cqw] bg-white p-[1cqw] [&>svg]:size-full",
                portrait ? "size-[30cqw]" : "size-[16cqw]",
              )}
              role="img"
              aria-label={`QR code for ${businessName}`}
              // The SVG comes from our own QR renderer on the server, never from user input.
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
