import { Icon } from "~/components/ui/icon";
import { useEffect, type ReactNode } from "react";
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
import { cn } from "~/lib/cn";
import type { FlashToast } from "~/lib/flash-toast";

/** What a delete action replies with; only the toast matters here. */
type DeleteReply = { toast?: FlashToast };

/**
 * Call once on the (always mounted) page that lists the deletable items, with the same `fetcherKey` as its
 * buttons: the deleted item itself is gone by the time the reply settles, so its own effects never run.
 */
export function useDeleteToasts(fetcherKey: string) {
  const fetcher = useFetcher<DeleteReply>({ key: fetcherKey });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) notify(fetcher.data.toast);
    // One toast per reply, once the fetcher settles (after the list reloaded), not per re-render.
  }, [fetcher.state, fetcher.data]);
}

type ConfirmDeleteButtonProps = {
  /** Shared by every button of one list and its `useDeleteToasts` call. */
  fetcherKey: string;
  /** Posted as `{ intent: "delete", id }`. */
  id: string;
  /** Accessible name of the trigger, e.g. "Delete Sunrise Bakery". */
  label: string;
  title: ReactNode;
  /** Starts with the spec's confirmation question (§7). */
  description: ReactNode;
  /** Route that handles the delete intent; defaults to the current route. */
  action?: string;
  /** "icon": a compact icon-only trigger for table rows; "labelled": icon plus the word Delete, for cards. */
  trigger?: "icon" | "labelled";
};

/** A delete button that posts only after the user confirms in an alert dialog. */
export function ConfirmDeleteButton({
  fetcherKey,
  id,
  label,
  title,
  description,
  action,
  trigger = "labelled",
}: ConfirmDeleteButtonProps) {
  const fetcher = useFetcher<DeleteReply>({ key: fetcherKey });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === id;
  const icon = trigger === "icon";

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={icon ? "ghost" : "outline"}
          size={icon ? "icon" : "sm"}
          disabled={busy}
          aria-label={label}
          className={cn(icon && "size-9", "text-destructive hover:bg-destructive/10 hover:text-destructive")}
        >
          {busy ? (
            <Icon name="loader-circle" className="animate-spin" aria-hidden />
          ) : (
            <Icon name="trash" aria-hidden />
          )}
          {icon ? null : "Delete"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => void fetcher.submit({ intent: "delete", id }, { method: "post", action })}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
