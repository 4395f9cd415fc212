import type { LucideIcon } from "lucide-react";

/**
 * Icons a page draws many times (each directory card has five) are defined once in a hidden sprite and drawn
 * with `<use>`: the page carries one copy of each path instead of one per card, and the server renders a
 * fraction of the elements (docs/performance.md "Rendering"). Render the sprite once, before its uses.
 */
export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          {/* Fill comes from the drawing `<svg>` (none, or `fill-current` for a solid star). */}
          <Icon fill="inherit" />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon from an `IconSprite` on the page; decorative, sized and coloured by `className` like a Lucide icon. */
export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
