import { Icon } from "~/components/ui/icon";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { searchResultsHref } from "~/lib/directory-search";
import { isIndustryId, type IndustryId } from "~/lib/industries";
import { DirectorySearchForm } from "./directory-search-form";

/**
 * The Search Local Businesses button and dialog (docs/product.md#directory-lists). With JavaScript the dialog goes
 * straight to the results URL; without it, the same form is printed in a <noscript> panel and submits as a GET
 * (the industry page's loader then redirects to the canonical URL).
 */
export function DirectorySearchDialog({
  action,
  pageIndustry,
  industry,
  zip,
}: {
  /** The list this dialog sits on: where the no-JavaScript form submits. */
  action: string;
  /** The industry page's own industry (absent on the all page). */
  pageIndustry?: IndustryId;
  industry?: IndustryId;
  zip?: string;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  const onSubmit: React.FormEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const industry = form.get("industry");
    const zip = String(form.get("zip") ?? "").trim();
    setOpen(false);
    // The loader normalizes whatever arrives; this only keeps the URL short and on the right page.
    navigate(
      searchResultsHref(
        { industry: isIndustryId(industry) ? industry : undefined, zip: zip || undefined },
        pageIndustry,
      ),
    );
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="lg" className="w-full sm:w-auto" data-directory-search-trigger="">
            <Icon name="sliders-horizontal" aria-hidden="true" />
            Search Local Businesses
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Search Local Businesses</DialogTitle>
            <DialogDescription>Find Local Shiners by industry, zip code, or both.</DialogDescription>
          </DialogHeader>
          <DirectorySearchForm
            action={action}
            industry={industry}
            zip={zip}
            onSubmit={onSubmit}
            onReset={() => setOpen(false)}
          />
        </DialogContent>
      </Dialog>
      <noscript>
        {/* Without JavaScript the button can't open anything: show the form in its place. */}
        <style>{"[data-directory-search-trigger]{display:none}"}</style>
        <div className="w-full rounded-xl border bg-card p-5 text-left shadow-sm sm:max-w-md">
          <h2 className="mb-4 text-lg font-semibold">Search Local Businesses</h2>
          <DirectorySearchForm action={action} industry={industry} zip={zip} />
        </div>
      </noscript>
    </>
  );
}
