import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { cn } from "~/lib/cn";
import { figureTiles, type FigureTile, type NetworkFigures } from "~/lib/network-figures";

const ICONS: Record<FigureTile["key"], IconName> = {
  partners: "store",
  kiosks: "spray-can",
  plays: "monitor-play",
};

/**
 * The network's live figures (docs/product.md#home, #about): partners, kiosks and ad plays this month, rendered on
 * the server with the page (no script, nothing to shift once it loads). A zero says what is true in words.
 */
export function NetworkFiguresBand({
  figures,
  label,
  className,
}: {
  figures: NetworkFigures;
  /** The list's accessible name. */
  label: string;
  className?: string;
}) {
  return (
    <div className={cn("rounded-2xl border bg-card p-5 shadow-sm sm:p-6", className)}>
      <dl aria-label={label} className="grid gap-5 sm:grid-cols-3 sm:gap-0 sm:divide-x">
        {figureTiles(figures).map((tile) => (
          // Only dt and dd may sit in a dl's group, so the icon is in the dd: beside the text on phones, above it
          // from sm up. The value comes first on screen, the label first for screen readers.
          <div
            key={tile.key}
            data-figure={tile.key}
            className="relative grid min-h-11 content-center pl-15 sm:content-start sm:px-5 sm:first:pl-0 sm:last:pr-0"
          >
            <dt className="row-start-2 text-sm text-muted-foreground">{tile.label}</dt>
            <dd className="row-start-1 sm:flex sm:flex-col sm:items-start sm:gap-2">
              <span
                aria-hidden="true"
                className="absolute top-1/2 left-0 grid size-11 -translate-y-1/2 place-items-center rounded-xl bg-sun/30 text-ink sm:static sm:translate-y-0"
              >
                <Icon name={ICONS[tile.key]} className="size-5" />
              </span>
              <span
                className={cn(
                  "font-black tracking-tight text-ink tabular-nums",
                  tile.counted ? "text-3xl" : "text-2xl leading-9",
                )}
              >
                {tile.value}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 border-t pt-3 text-xs text-muted-foreground">
        Live from the network, updated every few minutes.
      </p>
    </div>
  );
}
