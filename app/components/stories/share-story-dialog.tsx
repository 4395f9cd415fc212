import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { ShareStoryForm } from "./share-story-form";

/**
 * The Share Your Local Shine Story dialog (docs/product.md#share-your-story-dialog), opened by `trigger`. It can't be
 * closed while a submission is in flight (the form is disabled meanwhile); after a successful one the form clears and
 * the dialog closes.
 */
export function ShareStoryDialog({ trigger }: { trigger: React.ReactElement }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const changeOpen = (next: boolean) => {
    if (!next && busy) return;
    setOpen(next);
  };
  const blockWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        className="sm:max-w-xl"
        onEscapeKeyDown={blockWhileBusy}
        onInteractOutside={blockWhileBusy}
        hideClose={busy}
      >
        <DialogHeader>
          <DialogTitle className="text-xl">Share Your Local Shine Story</DialogTitle>
          <DialogDescription>
            Tell us how Local Shine has made a difference for your business or your neighborhood. Your story
            is emailed straight to the Local Shine team, and we'll reach out before anything is published.
          </DialogDescription>
        </DialogHeader>
        {/* Radix unmounts the content once closed, so every opening starts with a clean form. */}
        <ShareStoryForm
          onBusyChange={setBusy}
          onSubmitted={() => setOpen(false)}
          onCancel={() => changeOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
