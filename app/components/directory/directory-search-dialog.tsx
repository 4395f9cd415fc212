import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import type { IndustryId } from "~/lib/industries";
import type { DirectorySearch } from "~/lib/directory-search";
import { DirectorySearchForm } from "./directory-search-form";

const DIALOG_ID = "directory-search";

/**
 * The Search Local Businesses button and dialog (docs/product.md#directory-lists): a native dialog opened with
 * Invoker Commands (the dialogs island where a browser lacks them), holding a plain GET form to this list. The
 * list's loader redirects a search to its canonical URL (another industry's page, the all page).
 */
export function DirectorySearchDialog({
  action,
  industry,
  zip,
  search,
}: {
  /** The near-me and open-now parts of the current search, to preload. */
  search?: Pick<DirectorySearch, "near" | "miles" | "open">;
  /** The list this dialog sits on: where the form submits. */
  action: string;
  industry?: IndustryId;
  zip?: string;
}) {
  return (
    <>
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto"
        commandfor={DIALOG_ID}
        command="show-modal"
      >
        <Icon name="sliders-horizontal" aria-hidden="true" />
        Search Local Businesses
      </Button>
      <NativeDialog
        id={DIALOG_ID}
        title="Search Local Businesses"
        description="Find Local Shiners by industry, zip code, or both."
      >
        <DirectorySearchForm action={action} industry={industry} zip={zip} search={search} />
      </NativeDialog>
    </>
  );
}
