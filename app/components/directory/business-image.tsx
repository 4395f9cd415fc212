import { cn } from "~/lib/cn";
import { responsiveImage } from "~/lib/image-url";

/** Cards fill one column on phones, two from `sm`, three from `lg` (the directory grid). */
const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A business's picture, or the first letter of its name on a warm gradient when it has none (spec §2: "an image
 * (or initial letter)"). Decorative (`alt=""`): the name is always printed next to it.
 */
export function BusinessImage({
  src,
  name,
  className,
  initialClassName,
  eager = false,
}: {
  src: string | null;
  name: string;
  className?: string;
  initialClassName?: string;
  /** Above the fold (the business page's banner): load at once instead of lazily. */
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
      {...responsiveImage(src, eager ? "100vw" : CARD_SIZES, eager ? [960, 1280] : [480, 960])}
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
