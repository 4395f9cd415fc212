import { cn } from "~/lib/cn";
import { responsiveImage } from "~/lib/image-url";

/** How wide each kind of picture is drawn, so the browser fetches the smallest sharp copy (`srcSet`). */
const LAYOUTS = {
  // Cards fill one column on phones, two from `sm`, three from `lg` (the directory grid).
  card: { sizes: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw", widths: [480, 960] },
  // The business page's banner: full width on phones, about half the page beside the name from `lg`.
  banner: { sizes: "(min-width: 1024px) 55vw, 100vw", widths: [960, 1280] },
  // The owner's round portrait (112 px).
  portrait: { sizes: "112px", widths: [160, 320] },
} as const;

/**
 * A business's picture, or the first letter of its name on a warm gradient when it has none
 * (docs/product.md#directory-lists: "an image (or initial letter)"). Decorative (`alt=""`): the name is always printed
 * next to it.
 */
export function BusinessImage({
  src,
  name,
  className,
  initialClassName,
  layout = "card",
  eager = false,
}: {
  src: string | null;
  name: string;
  className?: string;
  initialClassName?: string;
  layout?: keyof typeof LAYOUTS;
  /** Above the fold (the banner, the first cards): load at once instead of lazily. */
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className={cn(
          "flex size-full items-center justify-center bg-gradient-to-br from-primary via-primary/85 to-ink font-black text-sun select-none",
          className,
        )}
      >
        <span className={cn("text-6xl", initialClassName)}>{initialOf(name)}</span>
      </div>
    );
  }
  return (
    <img
      {...responsiveImage(src, LAYOUTS[layout].sizes, LAYOUTS[layout].widths)}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("size-full object-cover", className)}
    />
  );
}

/** The first letter or digit of a name, upper-cased; "?" when there is none. */
export function initialOf(name: string): string {
  const match = name.trim().match(/[\p{L}\p{N}]/u);
  return match ? match[0].toUpperCase() : "?";
}
