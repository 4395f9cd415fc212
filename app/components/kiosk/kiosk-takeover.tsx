import { takeoverTextColor, type ScreenTakeover } from "~/lib/kiosk-player/takeover";

/**
 * A priority message filling the screen (docs/product.md#priority-messages): the headline, the text and the picture
 * on the admin's colour, with the text in white or ink, whichever reads on it. No ad plays underneath.
 */
export function KioskTakeover({
  takeover,
  orientation,
}: {
  takeover: ScreenTakeover;
  orientation: "portrait" | "landscape";
}) {
  const color = takeoverTextColor(takeover.color);
  return (
    <main
      id="main"
      className="flex h-dvh w-dvw flex-col items-center justify-center gap-[4vmin] overflow-hidden p-[7vmin] text-center"
      style={{ backgroundColor: takeover.color, color }}
      data-testid="kiosk-takeover"
      data-takeover-id={takeover.id}
      data-orientation={orientation}
    >
      {takeover.image ? (
        <img
          src={takeover.image.url}
          alt=""
          width={takeover.image.width}
          height={takeover.image.height}
          className="max-h-[40vh] max-w-full rounded-[2vmin] object-contain"
        />
      ) : null}
      <h1 className="text-balance text-[8vmin] leading-tight font-bold">{takeover.headline}</h1>
      {takeover.body ? (
        <p className="max-w-[85vmin] text-pretty whitespace-pre-line text-[4.2vmin] leading-snug opacity-90">
          {takeover.body}
        </p>
      ) : null}
    </main>
  );
}
