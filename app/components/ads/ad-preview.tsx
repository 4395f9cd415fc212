import { AdScreen, type ScreenOrientation } from "./ad-screen";
import { cn } from "~/lib/cn";
import { fitNote, pickVersion, type MediaShape } from "~/lib/media-shape";

export interface PreviewMedia {
  kind: "image" | "video";
  src: string;
  poster: string | null;
  /** False while the screen version is still being made: the preview says so instead of guessing. */
  ready: boolean;
}

interface AdPreviewProps {
  media: PreviewMedia | null;
  /** The main version's shape, when known: a screen of the other shape says it is only partly filled. */
  shape?: MediaShape | null;
  /** The version in the other shape: each screen shows the version that fits it, as the kiosks will. */
  alt?: { media: PreviewMedia; shape: MediaShape | null } | null;
  businessName: string;
  callToAction?: string | null;
  qrSvg?: string | null;
  shortLink?: string | null;
  /** Which screens to show; both by default (portrait is the usual sanitizer-kiosk screen). */
  orientations?: ScreenOrientation[];
  className?: string;
}

/** The ad as kiosk screens will show it, portrait (1080×1920) and landscape, scaled down. */
export function AdPreview({
  media,
  shape = null,
  alt = null,
  businessName,
  callToAction,
  qrSvg,
  shortLink,
  orientations = ["portrait", "landscape"],
  className,
}: AdPreviewProps) {
  return (
    <div className={cn("flex flex-wrap items-start gap-4", className)}>
      {orientations.map((orientation) => {
        const shown = media
          ? pickVersion([{ media, shape }, ...(alt ? [alt] : [])], orientation)
          : { media: null, shape: null };
        const note = fitNote(shown.shape, orientation);
        return (
          <figure
            key={orientation}
            className={cn("space-y-1.5", orientation === "portrait" ? "w-40 sm:w-48" : "w-full max-w-sm")}
          >
            <AdScreen
              orientation={orientation}
              className="rounded-lg shadow-md ring-1 ring-black/10"
              businessName={businessName || "Your business"}
              callToAction={callToAction}
              qrSvg={qrSvg ?? QR_PLACEHOLDER}
              shortLink={shortLink}
              media={<PreviewMediaElement media={shown.media} />}
            />
            <figcaption className="text-xs text-muted-foreground">
              {orientation === "portrait" ? "Portrait screen (1080×1920)" : "Landscape screen (1920×1080)"}
              {note ? <span className="mt-0.5 block text-amber-800">{note}</span> : null}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

function PreviewMediaElement({ media }: { media: PreviewMedia | null }) {
  if (!media) {
    return (
      <div className="grid size-full place-items-center text-[4cqw] text-white/60">
        Choose an image or video
      </div>
    );
  }
  if (media.kind === "image") return <img src={media.src} alt="" />;
  if (!media.ready) {
    return (
      <div className="grid size-full place-items-center text-center text-[4cqw] text-white/70">
        Getting this video ready for screens…
      </div>
    );
  }
  return (
    <video
      src={media.src}
      poster={media.poster ?? undefined}
      muted
      playsInline
      loop
      autoPlay
      aria-label="Ad video"
    />
  );
}

/** Shown until the ad is saved and has its own short link. */
const QR_PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="0.5" y="0.5" width="9" height="9" fill="none" stroke="#94a3b8" stroke-width="0.4" stroke-dasharray="1 0.6"/><text x="5" y="5.6" font-size="1.6" text-anchor="middle" fill="#64748b" font-family="sans-serif">QR</text></svg>';
