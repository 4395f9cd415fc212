import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
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
import type { FormReply } from "~/lib/form-submission";

const TRIGGER_STYLES = {
  icon: "size-9 text-destructive hover:bg-destructive/10 hover:text-destructive",
  labelled: "text-destructive hover:bg-destructive/10 hover:text-destructive",
  overlay:
    "size-9 rounded-full border-white/60 bg-white/90 text-destructive shadow-sm backdrop-blur hover:bg-white hover:text-destructive",
};

type ConfirmDeleteButtonProps = {
  /** Shared by every button of one list and its page's `useFetcherReplyToast` call, which shows the reply. */
  fetcherKey: string;
  /** Posted as `{ intent: "delete", id }`. */
  id: string;
  /** Accessible name of the trigger, e.g. "Delete Sunrise Bakery". */
  label: string;
  title: ReactNode;
  /** Starts with the confirmation question (docs/product.md#confirmations). */
  description: ReactNode;
  /** Route that handles the delete intent; defaults to the current route. */
  action?: string;
  /**
   * "icon": a compact icon-only trigger for table rows; "labelled": icon plus the word Delete, for cards;
   * "overlay": a round icon-only trigger over an image.
   */
  trigger?: keyof typeof TRIGGER_STYLES;
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
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === id;
  const labelled = trigger === "labelled";

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={trigger === "icon" ? "ghost" : "outline"}
          size={labelled ? "sm" : "icon"}
          disabled={busy}
          aria-label={label}
          className={TRIGGER_STYLES[trigger]}
        >
          {busy ? (
            <Icon name="loader-circle" className="animate-spin" aria-hidden />
          ) : (
            <Icon name="trash" aria-hidden />
          )}
          {labelled ? "Delete" : null}
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
