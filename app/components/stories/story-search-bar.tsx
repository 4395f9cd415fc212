import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSwitch } from "~/components/ui/switch";
import type { IslandAttrs } from "~/islands/contract";

/**
 * The industry page's search box and Featured Only toggle: a plain GET form to this page. Search (or Enter) sends
 * both; the submit-on-change island (app/islands/submit-on-change.island.ts) applies the toggle at once.
 */
export function StorySearchBar({ q, featuredOnly }: { q: string; featuredOnly: boolean }) {
  return (
    <form
      method="get"
      role="search"
      aria-label="Search stories"
      {...({ "data-submit-on-change": "" } satisfies IslandAttrs)}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="relative flex-1">
        <Label htmlFor="story-search" className="sr-only">
          Search stories
        </Label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          // A new search (back, forward, a link) starts from what it searched.
          key={q}
          id="story-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search by title, author or description"
          className="pl-9"
        />
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-start">
        <div className="flex items-center gap-2">
          <NativeSwitch
            key={String(featuredOnly)}
            id="featured-only"
            name="featured"
            value="1"
            defaultChecked={featuredOnly}
          />
          <Label htmlFor="featured-only" className="cursor-pointer">
            Featured Only
          </Label>
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </form>
  );
}
