import { Loader2, Save } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { BusinessFormFields } from "~/components/businesses/business-form-fields";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { notify } from "~/components/ui/toast";
import {
  BUSINESS_IMAGE_FIELDS,
  BusinessSchema,
  type BusinessActionReply,
  type ManagedBusiness,
} from "~/lib/business-schemas";
import { useFormValidation } from "~/lib/use-form-validation";

interface BusinessFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing to edit, or null to add one (spec §4: add mode creates, edit mode updates). */
  business: ManagedBusiness | null;
  /** Changes whenever the dialog is opened, so every opening starts from a fresh form. */
  formKey: number;
}

/** Spec §2/§4 add/edit dialog. It cannot be closed while a save runs; after a save it closes and the list reloads. */
export function BusinessFormDialog({ open, onOpenChange, business, formKey }: BusinessFormDialogProps) {
  const fetcher = useFetcher<BusinessActionReply>({ key: `business-form-${formKey}` });
  const busy = fetcher.state !== "idle";
  const block = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        hideClose={busy}
        onEscapeKeyDown={block}
        onInteractOutside={block}
        className="max-w-2xl p-0 sm:max-w-2xl"
      >
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{business ? "Edit Business" : "Add Business"}</DialogTitle>
          <DialogDescription>
            {business
              ? `Update the details of ${business.name}.`
              : "Add a listing to the Local Shiners directory. Fields marked * are required."}
          </DialogDescription>
        </DialogHeader>
        <BusinessForm
          key={formKey}
          fetcher={fetcher}
          business={business}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface BusinessFormProps {
  fetcher: ReturnType<typeof useFetcher<BusinessActionReply>>;
  business: ManagedBusiness | null;
  onSaved: () => void;
  onCancel: () => void;
}

function BusinessForm({ fetcher, business, onSaved, onCancel }: BusinessFormProps) {
  const reply = fetcher.data;
  const { errors, onSubmit, fieldProps, clearError } = useFormValidation(
    BusinessSchema,
    reply && !reply.ok ? reply.fieldErrors : undefined,
  );
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !reply) return;
    if (reply.toast) notify(reply.toast);
    // React Router reloads the page's data after a successful action: the list shows the change.
    if (reply.ok) onSaved();
    // Once per reply: when the fetcher settles (after the page's data reloaded), not on every re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, reply]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    if (!onSubmit(event)) return;
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    // Text fields first, then files: the server checks the text before it stores a single byte of an image.
    const body = new FormData();
    for (const [name, value] of values) if (typeof value === "string") body.append(name, value);
    for (const name of BUSINESS_IMAGE_FIELDS) {
      const file = values.get(name);
      if (file instanceof File && file.size > 0) body.append(name, file);
    }
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-label={business ? `Edit ${business.name}` : "Add Business"}
      className="flex min-h-0 flex-col"
    >
      {business ? <input type="hidden" name="id" value={business.id} /> : null}
      <fieldset disabled={busy} className="min-w-0 px-6 py-5">
        <BusinessFormFields
          business={business}
          errors={errors}
          fieldProps={fieldProps}
          clearError={clearError}
        />
      </fieldset>
      <DialogFooter className="sticky bottom-0 flex-row justify-end border-t bg-background/95 px-6 py-4 backdrop-blur">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {busy ? "Saving..." : business ? "Update Business" : "Create Business"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
