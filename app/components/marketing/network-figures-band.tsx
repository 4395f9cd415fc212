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
          <div
            key={tile.key}
            data-figure={tile.key}
            className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-2 sm:px-5 sm:first:pl-0 sm:last:pr-0"
          >
            <span
              aria-hidden="true"
              className="grid size-11 shrink-0 place-items-center rounded-xl bg-sun/30 text-ink"
            >
              <Icon name={ICONS[tile.key]} className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col">
              <dt className="order-2 text-sm text-muted-foreground">{tile.label}</dt>
              <dd
                className={cn(
                  "order-1 font-black tracking-tight text-ink tabular-nums",
                  tile.counted ? "text-3xl" : "text-2xl leading-9",
                )}
              >
                {tile.value}
              </dd>
            </div>
          </div>
        ))}
      </dl>
      <p className="mt-4 border-t pt-3 text-xs text-muted-foreground">
        Live from the network, updated every few minutes.
      </p>
    </div>
  );
}
