import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { useEffect, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import type { FormReply } from "~/lib/form-submission";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm, type FormFields, type FormSchema } from "~/lib/use-validated-form";

interface FormDialogProps<S extends FormSchema> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes on every opening, so each starts from a fresh form and a fresh fetcher. */
  formKey: number;
  /** The fetcher's key (and the form's id) is `${fetcherKey}-${formKey}`. */
  fetcherKey: string;
  title: string;
  description: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The schema the route's action parses the save with; checked here before anything is sent. */
  schema: S;
  /** The route whose action saves; defaults to the current route. */
  action?: string;
  /** Sent as the hidden `id` field when editing; null when creating. */
  editId: string | null;
  /** The form's file inputs: sent after every text field, and only when a file was picked. */
  fileFields: readonly string[];
  submitLabel: string;
  children: (fields: FormFields<S>) => ReactNode;
}

/**
 * The create/edit dialog of a multipart form (intent "save"). It can't be closed while saving; after a save it
 * shows the reply's toast and closes, when the page's data has reloaded.
 */
export function FormDialog<S extends FormSchema>({
  open,
  onOpenChange,
  title,
  description,
  ...form
}: FormDialogProps<S>) {
  const fetcher = useFetcher<FormReply>({ key: `${form.fetcherKey}-${form.formKey}` });
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogForm
          key={form.formKey}
          fetcher={fetcher}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
          {...form}
        />
      </DialogContent>
    </Dialog>
  );
}

type DialogFormProps<S extends FormSchema> = Omit<
  FormDialogProps<S>,
  "open" | "onOpenChange" | "title" | "description"
> & {
  fetcher: ReturnType<typeof useFetcher<FormReply>>;
  onSaved: () => void;
  onCancel: () => void;
};

function DialogForm<S extends FormSchema>(props: DialogFormProps<S>) {
  const { fetcher, formLabel, schema, action, editId, fileFields, submitLabel, children, onSaved, onCancel } =
    props;
  const reply = fetcher.data;
  const busy = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm(schema, {
    id: `${props.fetcherKey}-${props.formKey}`,
    lastResult: reply?.result,
    onSubmit(event, { formData }) {
      event.preventDefault();
      // Text fields first, then files: the server checks the text before it stores a single byte of a file.
      const body = new FormData();
      for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
      for (const name of fileFields) {
        const file = formData.get(name);
        if (file instanceof File && file.size > 0) body.append(name, file);
      }
      void fetcher.submit(body, { method: "post", action, encType: "multipart/form-data" });
    },
  });
  useReplyToast(reply, !busy);

  useEffect(() => {
    // React Router reloads the page's data after a successful action: the list shows the change.
    if (!busy && reply?.ok) onSaved();
    // Once per reply: when the fetcher settles (after the page's data reloaded), not on every re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy, reply]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-busy={busy}
      aria-label={formLabel}
      className="flex min-h-0 flex-col"
    >
      <input type="hidden" name="intent" value="save" />
      {editId ? <input type="hidden" name="id" value={editId} /> : null}
      <fieldset disabled={busy} className="min-w-0 px-6 py-5">
        {children(fields)}
        <FieldError id={form.errorId} errors={form.errors} className="mt-4" />
      </fieldset>
      <DialogFooter className="sticky bottom-0 flex-row justify-end border-t bg-background/95 px-6 py-4 backdrop-blur">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <Icon name="loader-circle" className="animate-spin" aria-hidden />
          ) : (
            <Icon name="save" aria-hidden />
          )}
          {busy ? "Saving..." : submitLabel}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
