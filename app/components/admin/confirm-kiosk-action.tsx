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
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";

/** A kiosk action that runs only after the admin confirms it (docs/product.md#confirmations). */
export function ConfirmKioskAction({
  label,
  trigger,
  icon,
  title,
  description,
  confirm,
  busy,
  onConfirm,
  className,
}: {
  /** The trigger's accessible name, e.g. "Retire Front counter". */
  label: string;
  trigger: string;
  icon: IconName;
  title: string;
  /** Starts with the confirmation question. */
  description: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={label}
          className={`text-destructive hover:bg-destructive/10 hover:text-destructive ${className ?? ""}`}
        >
          {busy ? (
            <Icon name="loader-circle" className="animate-spin" aria-hidden />
          ) : (
            <Icon name={icon} aria-hidden />
          )}
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
