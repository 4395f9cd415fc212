import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { cn } from "~/lib/cn";
import {
  ALL_BUSINESSES_PATH,
  DEFAULT_NEAR_RADIUS,
  NEAR_RADII,
  ZIP_DIGITS_MESSAGE,
  ZIP_QUERY_MAX_LENGTH,
  type DirectorySearch,
} from "~/lib/directory-search";
import type { IndustryId } from "~/lib/industries";
import type { IslandAttrs } from "~/islands/contract";

/**
 * The directory search fields (docs/product.md#directory-lists: an Industry select with All Industries plus the five, a
 * Zip Code text field, Search and Reset; near me and open now). A plain GET form to the current list: it needs no
 * script. "Use my location" is the one part that does (the browser's position): the near-me island shows the
 * button and fills the hidden `lat`/`lng` fields; without it, a zip code gives the same search.
 */
export function DirectorySearchForm({
  action,
  industry,
  zip,
  search,
  className,
}: {
  action: string;
  industry?: IndustryId;
  zip?: string;
  /** The near-me and open-now parts of the current search, to preload. */
  search?: Pick<DirectorySearch, "near" | "miles" | "open">;
  className?: string;
}) {
  const id = useId();
  const position = search?.near && "lat" in search.near ? search.near : null;
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Search Local Businesses"
      {...({ "data-near-me": "" } satisfies IslandAttrs)}
      className={cn("grid gap-5", className)}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-industry`}>Industry</Label>
        <IndustrySelect
          blank="All Industries"
          id={`${id}-industry`}
          name="industry"
          defaultValue={industry ?? ""}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-zip`}>Zip Code</Label>
        <Input
          id={`${id}-zip`}
          name="zip"
          defaultValue={zip ?? ""}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_QUERY_MAX_LENGTH}
          pattern="[\d\-]*"
          title={ZIP_DIGITS_MESSAGE}
          placeholder="e.g. 91367"
        />
      </div>
      <fieldset className="grid gap-2 rounded-lg border p-3">
        <legend className="px-1 text-sm font-medium">Near me</legend>
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-near`}>Near this zip</Label>
            <Input
              id={`${id}-near`}
              name="near"
              inputMode="numeric"
              pattern="\d{5}"
              title="Five digits, e.g. 91367"
              maxLength={5}
              placeholder="e.g. 91367"
              defaultValue={search?.near && "zip" in search.near ? search.near.zip : ""}
              disabled={position !== null}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-miles`}>Within</Label>
            <select
              id={`${id}-miles`}
              name="miles"
              defaultValue={String(search?.miles ?? DEFAULT_NEAR_RADIUS)}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              {NEAR_RADII.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} mi
                </option>
              ))}
            </select>
          </div>
        </div>
        <input type="hidden" name="lat" defaultValue={position ? String(position.lat) : ""} />
        <input type="hidden" name="lng" defaultValue={position ? String(position.lng) : ""} />
        <p
          className="flex items-center gap-2 text-sm"
          {...({ "data-near-located": "" } satisfies IslandAttrs)}
          hidden={!position}
        >
          <Icon name="map-pin" className="size-4 text-primary" aria-hidden="true" />
          Using your location
          <Button
            type="button"
            variant="ghost"
            size="sm"
            {...({ "data-near-clear": "" } satisfies IslandAttrs)}
          >
            Clear
          </Button>
        </p>
        {/* Shown by the near-me island where the browser can share its position. */}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          {...({ "data-near-locate": "" } satisfies IslandAttrs)}
          hidden
        >
          <Icon name="map-pin" aria-hidden="true" />
          Use my location
        </Button>
        <p
          className="text-sm text-muted-foreground empty:hidden"
          role="status"
          {...({ "data-near-status": "" } satisfies IslandAttrs)}
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="open"
          value="1"
          defaultChecked={search?.open ?? false}
          className="size-4"
        />
        Open now
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* A link, not a reset button: it must also clear the filters already in the URL (spec: "Reset clears both
            and searches all"), with or without JavaScript. */}
        <Button asChild variant="outline">
          <a href={ALL_BUSINESSES_PATH}>
            <Icon name="rotate-ccw" aria-hidden="true" />
            Reset
          </a>
        </Button>
        <Button type="submit">
          <Icon name="search" aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
