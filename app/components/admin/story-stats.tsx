import { Icon } from "~/components/ui/icon";
import type { AdminStoryCounts } from "~/lib/admin-story-schemas";

const TILES = [
  { key: "total", label: "Total Stories", hint: "Scheduled stories included", icon: "book-open" },
  { key: "featured", label: "Featured Stories", hint: "Marked as featured", icon: "star" },
  {
    key: "published",
    label: "Published Stories",
    hint: "Publish date today or earlier",
    icon: "calendar-check",
  },
] as const;

/**
 * docs/product.md#shine-stories-panel: the panel's total, featured and published counts (every story, whatever the
 * filters).
 */
export function StoryStats({ counts }: { counts: AdminStoryCounts }) {
  return (
    <section aria-label="Story counts" className="grid grid-cols-3 gap-3 sm:gap-4">
      {TILES.map(({ key, label, hint, icon }) => (
        <div
          key={key}
          role="group"
          aria-label={label}
          className="flex items-center gap-4 rounded-xl border bg-card p-3 shadow-sm sm:p-5"
        >
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary md:flex">
            <Icon name={icon} className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
            <p className="text-2xl font-bold tracking-tight text-ink tabular-nums sm:text-3xl">
              {counts[key].toLocaleString("en-US")}
            </p>
            <p className="hidden text-xs text-muted-foreground sm:block">{hint}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
