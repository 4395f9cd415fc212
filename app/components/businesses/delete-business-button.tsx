import { Loader2, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { DELETE_BUSINESS_CONFIRMATION, type BusinessActionReply } from "~/lib/business-schemas";

/**
 * Deletes share one keyed fetcher so the page (always mounted) can show the result: the deleted row itself is gone
 * by the time the reply settles, and its own effects never run.
 */
const DELETE_FETCHER_KEY = "delete-business";

/** Call once on the dashboard page: shows 'Business deleted successfully' / 'Failed to delete business'. */
export function useDeleteBusinessToasts() {
  const fetcher = useFetcher<BusinessActionReply>({ key: DELETE_FETCHER_KEY });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) notify(fetcher.data.toast);
    // One toast per reply, once the fetcher settles (after the list reloaded), not per re-render.
  }, [fetcher.state, fetcher.data]);
}

/** A row's delete button; the listing is deleted only after the spec's confirmation (§7). */
export function DeleteBusinessButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher<BusinessActionReply>({ key: DELETE_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === id;

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={`Delete ${name}`}
          className="size-9 text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {DELETE_BUSINESS_CONFIRMATION} It will be removed from the Local Shiners directory; this can't be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => void fetcher.submit({ intent: "delete", id }, { method: "post" })}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
