import { cn } from "~/lib/cn";
import { IndustryPattern } from "./industry-pattern";
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
 * A business's picture, or, when it has none, the designed stand-in: the first letter of its name with its
 * industry's icon on the site's dotted pattern (docs/product.md#directory-lists: "an image (or initial letter)").
 * Decorative (`alt=""`): the name is always printed next to it.
 */
export function BusinessImage({
  src,
  name,
  industry,
  className,
  initialClassName,
  layout = "card",
  eager = false,
}: {
  src: string | null;
  name: string;
  /** The listing's industry, whose icon the stand-in shows beside the initial. */
  industry?: string;
  className?: string;
  /** Size of the stand-in's badge and its letter (the letter is twice the badge's font size). */
  initialClassName?: string;
  layout?: keyof typeof LAYOUTS;
  /** Above the fold (the banner, the first cards): load at once instead of lazily. */
  eager?: boolean;
}) {
  if (!src) {
    return (
      <IndustryPattern
        industry={industry}
        initial={initialOf(name)}
        className={className}
        badgeClassName={initialClassName}
      />
    );
  }
  return (
    <img
      {...responsiveImage(src, LAYOUTS[layout].sizes, LAYOUTS[layout].widths)}
      alt=""
      // In the first screen: fetched first, at once, and painted with the page (the LCP element).
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? undefined : "async"}
      className={cn("size-full object-cover", className)}
    />
  );
}

/** The first letter or digit of a name, upper-cased; "?" when there is none. */
export function initialOf(name: string): string {
  const match = name.trim().match(/[\p{L}\p{N}]/u);
  return match ? match[0].toUpperCase() : "?";
}
