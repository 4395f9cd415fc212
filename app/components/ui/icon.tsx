import type { SVGProps } from "react";
import type { IconName } from "./icons/names";
import spriteHref from "./icons/sprite.svg?url";

/** The sprite's URL, for the root route to preload it: icons draw as soon as it is in. */
export const iconSpriteHref = spriteHref;

/**
 * A Lucide icon from the build's sprite (docs/decisions/014-plain-runtime.md): the page carries a `<use>` of a
 * few bytes instead of the icon's shapes, and no icon code ships to the browser. Sized and coloured like a
 * lucide-react icon (24 px, `currentColor` stroke; `className`, `strokeWidth` and `fill` override). Decorative
 * unless given an `aria-label`.
 */
export function Icon({ name, ...props }: SVGProps<SVGSVGElement> & { name: IconName }) {
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
