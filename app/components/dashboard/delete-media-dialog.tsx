import { Icon } from "~/components/ui/icon";
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

/** The card's delete button and its confirmation; `onConfirm` runs only after the person confirms. */
export function DeleteMediaDialog({
  title,
  inUse,
  disabled,
  onConfirm,
}: {
  title: string;
  /** A listing or story shows this file: it keeps showing it, only the dashboard item goes. */
  inUse: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          size="icon"
          variant="outline"
          disabled={disabled}
          aria-label={`Delete ${title}`}
          className="size-9 rounded-full border-white/60 bg-white/90 text-destructive shadow-sm backdrop-blur hover:bg-white hover:text-destructive"
        >
          <Icon name="trash" aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this media?</AlertDialogTitle>
          <AlertDialogDescription>
            {inUse
              ? `“${title}” will be removed from your dashboard. The listing or story that shows this image keeps it.`
              : `“${title}” will be removed from your dashboard and its file deleted. This can't be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
