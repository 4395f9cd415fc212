import { Icon } from "~/components/ui/icon";
import { useEffect, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
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
import type { FlashToast } from "~/lib/flash-toast";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";

/** What a save action replies: a toast, and field errors when it refused the form. */
type SaveReply =
  { ok: true; toast?: FlashToast } | { ok: false; fieldErrors?: FieldErrors; toast?: FlashToast };

/** What the fields need from the form's validation (one schema per form, STYLE.md habit 3). */
export type FormDialogControls = Pick<
  ReturnType<typeof useFormValidation>,
  "errors" | "fieldProps" | "clearError"
>;

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes on every opening, so each starts from a fresh form and a fresh fetcher. */
  formKey: number;
  /** The fetcher's key is `${fetcherKey}-${formKey}`. */
  fetcherKey: string;
  title: string;
  description: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The schema the route's action parses with; checked here before anything is sent. */
  schema: z.ZodType;
  /** The route whose action saves; defaults to the current route. */
  action?: string;
  /** Sent as the hidden `id` field when editing; null when creating. */
  editId: string | null;
  /** The form's file inputs: sent after every text field, and only when a file was picked. */
  fileFields: readonly string[];
  submitLabel: string;
  children: (controls: FormDialogControls) => ReactNode;
}

/**
 * The create/edit dialog of a multipart form. It can't be closed while saving; after a save it shows the reply's
 * toast and closes, when the page's data has reloaded.
 */
export function FormDialog({
  open,
  onOpenChange,
  formKey,
  fetcherKey,
  title,
  description,
  ...form
}: FormDialogProps) {
  const fetcher = useFetcher<SaveReply>({ key: `${fetcherKey}-${formKey}` });
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
          key={formKey}
          fetcher={fetcher}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
          {...form}
        />
      </DialogContent>
    </Dialog>
  );
}

type DialogFormProps = Pick<
  FormDialogProps,
  "formLabel" | "schema" | "action" | "editId" | "fileFields" | "submitLabel" | "children"
> & {
  fetcher: ReturnType<typeof useFetcher<SaveReply>>;
  onSaved: () => void;
  onCancel: () => void;
};

function DialogForm(props: DialogFormProps) {
  const { fetcher, formLabel, schema, action, editId, fileFields, submitLabel, children, onSaved, onCancel } =
    props;
  const reply = fetcher.data;
  const { errors, onSubmit, fieldProps, clearError } = useFormValidation(
    schema,
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
    // Text fields first, then files: the server checks the text before it stores a single byte of a file.
    const body = new FormData();
    for (const [name, value] of values) if (typeof value === "string") body.append(name, value);
    for (const name of fileFields) {
      const file = values.get(name);
      if (file instanceof File && file.size > 0) body.append(name, file);
    }
    void fetcher.submit(body, { method: "post", action, encType: "multipart/form-data" });
  }

  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-label={formLabel}
      className="flex min-h-0 flex-col"
    >
      {editId ? <input type="hidden" name="id" value={editId} /> : null}
      <fieldset disabled={busy} className="min-w-0 px-6 py-5">
        {children({ errors, fieldProps, clearError })}
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
