import { Icon } from "~/components/ui/icon";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { FileDropField } from "~/components/dashboard/file-drop-field";
import { useUploadRequest } from "~/components/dashboard/use-upload-request";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { dismissToasts, notify } from "~/components/ui/toast";
import type { FlashToast } from "~/lib/flash-toast";
import { parseFormData } from "~/lib/form-submission";
import {
  MAX_MEDIA_BYTES,
  MEDIA_TOASTS,
  MEDIA_UPLOAD_HINT,
  MEDIA_UPLOAD_URL,
  MediaUploadSchema,
  uploadFieldsToast,
} from "~/lib/media";
import { acceptAttribute, looksAllowed, MEDIA_TYPES } from "~/lib/upload-types";
import { SHAPE_ADVICE } from "~/lib/media-shape";

const ACCEPT = acceptAttribute(MEDIA_TYPES);
const TEXT_FIELDS = ["title", "description", "notes"] as const;

/**
 * The upload dialog (docs/product.md#media-dashboard): file, title, description, notes. While the upload runs the form
 * is disabled, a progress bar shows the percent sent, and the dialog cannot be closed (no X, Escape and outside clicks
 * ignored).
 */
export function UploadMediaDialog({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const block = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        // A toast from before (such as "Welcome Back!") would sit over the dialog's fields on a phone.
        if (next) dismissToasts();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" variant="warm">
          <Icon name="upload" aria-hidden />
          Upload Media
        </Button>
      </DialogTrigger>
      <DialogContent hideClose={busy} onEscapeKeyDown={block} onInteractOutside={block}>
        <DialogHeader>
          <DialogTitle>Upload Media</DialogTitle>
          <DialogDescription>
            Add an image or video for your kiosk ads. Only you can see your media.
          </DialogDescription>
        </DialogHeader>
        <UploadMediaForm signedIn={signedIn} onBusyChange={setBusy} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface UploadMediaFormProps {
  signedIn: boolean;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

function UploadMediaForm({ signedIn, onBusyChange, onDone }: UploadMediaFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const { progress, uploading, send } = useUploadRequest();
  const revalidator = useRevalidator();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const form = event.currentTarget;
    const values = new FormData(form);
    const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, String(values.get(name) ?? "")]));
    const problem = checkBeforeUpload(signedIn, file, text);
    if (problem) {
      notify(problem.toast);
      form.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }

    // Text fields first: the server validates them before it stores a single byte of the file.
    const body = new FormData();
    for (const [name, value] of Object.entries(text)) body.append(name, value);
    body.append("file", file!);
    onBusyChange(true);
    try {
      const reply = await send(MEDIA_UPLOAD_URL, body);
      if (reply.status >= 200 && reply.status < 300) {
        notify(MEDIA_TOASTS.uploaded);
        form.reset();
        setFile(null);
        onBusyChange(false);
        onDone();
        void revalidator.revalidate();
        return;
      }
      notify(toastOf(reply.body) ?? MEDIA_TOASTS.uploadFailed);
    } catch {
      notify(MEDIA_TOASTS.uploadFailed);
    }
    onBusyChange(false);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={uploading}>
      <fieldset disabled={uploading} className="space-y-4">
        <FileDropField
          id="media-file"
          label="File"
          hint={MEDIA_UPLOAD_HINT}
          accept={ACCEPT}
          file={file}
          onFileChange={setFile}
          disabled={uploading}
        />
        <p className="text-xs text-muted-foreground" data-testid="shape-advice">
          {SHAPE_ADVICE}
        </p>
        <Field field={{ id: "media-title", name: "title" }} label="Title">
          <Input maxLength={200} required placeholder="e.g. Spring sale banner" />
        </Field>
        <Field field={{ id: "media-description", name: "description" }} label="Description">
          <Textarea maxLength={2000} rows={3} />
        </Field>
        <Field field={{ id: "media-notes", name: "notes" }} label="Notes">
          <Textarea maxLength={2000} rows={2} placeholder="Only you see these" />
        </Field>
      </fieldset>
      {progress !== null ? (
        <div className="space-y-2" aria-live="polite">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">Uploading…</span>
            <span className="tabular-nums text-muted-foreground">{progress}%</span>
          </div>
          <Progress value={progress} aria-label="Upload progress" />
        </div>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={uploading} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? (
            <Icon name="loader-circle" className="animate-spin" aria-hidden />
          ) : (
            <Icon name="upload" aria-hidden />
          )}
          {uploading ? "Uploading…" : "Upload"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The checks of docs/product.md#media-upload-form, in the order a person fixes them; the server repeats every one. */
function checkBeforeUpload(
  signedIn: boolean,
  file: File | null,
  text: Record<string, string>,
): { toast: FlashToast; field: string } | null {
  if (!signedIn) return { toast: MEDIA_TOASTS.authRequired, field: "file" };
  if (!file) return { toast: MEDIA_TOASTS.noFile, field: "file" };
  if (!looksAllowed(MEDIA_TYPES, file)) return { toast: MEDIA_TOASTS.invalidType, field: "file" };
  if (file.size > MAX_MEDIA_BYTES) return { toast: MEDIA_TOASTS.tooLarge, field: "file" };
  const submission = parseFormData(new URLSearchParams(text), MediaUploadSchema);
  if (submission.status === "success") return null;
  const errors = submission.error ?? {};
  return { toast: uploadFieldsToast(errors), field: Object.keys(errors)[0] ?? "title" };
}

/** The toast in a JSON reply from the upload route, if it has one. */
function toastOf(body: unknown): FlashToast | null {
  if (!body || typeof body !== "object" || !("toast" in body)) return null;
  const toast = (body as { toast: unknown }).toast;
  if (!toast || typeof toast !== "object" || typeof (toast as FlashToast).title !== "string") return null;
  return toast as FlashToast;
}
