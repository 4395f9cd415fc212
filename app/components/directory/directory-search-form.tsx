import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { cn } from "~/lib/cn";
import { ALL_BUSINESSES_PATH, ZIP_QUERY_MAX_LENGTH } from "~/lib/directory-search";
import type { IndustryId } from "~/lib/industries";

/**
 * The directory search fields (docs/product.md#directory-lists: an Industry select with All Industries plus the five, a
 * Zip Code text field, Search and Reset). A plain GET form to the current list, so it works before and without
 * JavaScript; `onSubmit` lets the dialog navigate straight to the canonical results URL instead.
 */
export function DirectorySearchForm({
  action,
  industry,
  zip,
  onSubmit,
  onReset,
  className,
}: {
  action: string;
  industry?: IndustryId;
  zip?: string;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  onReset?: () => void;
  className?: string;
}) {
  const id = useId();
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Search Local Businesses"
      onSubmit={onSubmit}
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
          placeholder="e.g. 91367"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* A link, not a reset button: it must also clear the filters already in the URL (spec: "Reset clears both
            and searches all"), with or without JavaScript. */}
        <Button asChild variant="outline">
          <Link to={ALL_BUSINESSES_PATH} onClick={onReset}>
            <Icon name="rotate-ccw" aria-hidden="true" />
            Reset
          </Link>
        </Button>
        <Button type="submit">
          <Icon name="search" aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
