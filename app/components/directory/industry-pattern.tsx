import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { isIndustryId } from "~/lib/industries";
import { IndustryIcon } from "./industry-icon";

/**
 * The designed stand-in for a story or a listing without a photo: a dotted pattern in the site's colours with a
 * badge holding the industry's icon (or, for a listing, its initial with the icon beside it). Decorative: the
 * title or name is always printed next to it.
 */
export function IndustryPattern({
  industry,
  initial,
  className,
  badgeClassName,
}: {
  industry?: string;
  /** A listing's first letter (docs/product.md#directory-lists: "image (or the name's initial)"). */
  initial?: string;
  className?: string;
  badgeClassName?: string;
}) {
  const icon = isIndustryId(industry) ? (
    <IndustryIcon industry={industry} className="size-full" />
  ) : (
    <Icon name="sparkles" className="size-full" aria-hidden="true" />
  );
  return (
    <div
      aria-hidden="true"
      data-testid="image-stand-in"
      className={cn(
        "flex size-full items-center justify-center bg-primary bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.22)_1.5px,transparent_0)] bg-[length:18px_18px] select-none",
        className,
      )}
    >
      <span
        className={cn(
          "relative flex size-16 items-center justify-center rounded-full bg-background/95 text-primary shadow-md ring-8 ring-white/15",
          badgeClassName,
        )}
      >
        {initial ? (
          <>
            <span className="text-[2em] leading-none font-black">{initial}</span>
            <span className="absolute -right-1 -bottom-1 flex size-[40%] items-center justify-center rounded-full bg-sun p-[6%] text-ink shadow">
              {icon}
            </span>
          </>
        ) : (
          <span className="size-1/2">{icon}</span>
        )}
      </span>
    </div>
  );
}
