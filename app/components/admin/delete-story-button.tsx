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
import { DELETE_STORY_CONFIRMATION, type AdminStoryActionReply } from "~/lib/admin-story-schemas";

/**
 * Deletes share one keyed fetcher so the page (always mounted) can show the result: the deleted card itself is
 * gone by the time the reply settles, and its own effects never run.
 */
const DELETE_FETCHER_KEY = "delete-story";

/** Call once on the panel: shows 'Story deleted successfully!' / 'Error deleting story'. */
export function useDeleteStoryToasts() {
  const fetcher = useFetcher<AdminStoryActionReply>({ key: DELETE_FETCHER_KEY });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) notify(fetcher.data.toast);
    // One toast per reply, once the fetcher settles (after the list reloaded), not per re-render.
  }, [fetcher.state, fetcher.data]);
}

/** A card's delete button; the story is deleted only after the spec's confirmation (§7). */
export function DeleteStoryButton({ id, title }: { id: string; title: string }) {
  const fetcher = useFetcher<AdminStoryActionReply>({ key: DELETE_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === id;

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Delete ${title}`}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this story?</AlertDialogTitle>
          <AlertDialogDescription>
            {DELETE_STORY_CONFIRMATION} “{title}” will be removed from Shine Stories; this can't be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() =>
              void fetcher.submit({ intent: "delete", id }, { method: "post", action: "/admin/stories" })
            }
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
