import { Loader2, Save } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
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
import { notify } from "~/components/ui/toast";
import {
  AdminStorySchema,
  STORY_IMAGE_FIELD,
  type AdminStory,
  type AdminStoryActionReply,
  type StoryDraft,
} from "~/lib/admin-story-schemas";
import { useFormValidation } from "~/lib/use-form-validation";
import { StoryFormFields } from "./story-form-fields";

interface DialogState {
  open: boolean;
  /** The story to edit, or null to create one. */
  story: AdminStory | null;
  /** Values a new story starts from (the inbox's "Create story"). */
  draft: StoryDraft | null;
  /** Changes on every opening, so each starts from a fresh form. */
  formKey: number;
}

/** The dialog's state and its two ways in: Add New Story / Create story (with a draft) and a card's Edit. */
export function useStoryDialog() {
  const [state, setState] = useState<DialogState>({ open: false, story: null, draft: null, formKey: 0 });
  const openCreate = useCallback(
    (draft: StoryDraft | null = null) =>
      setState((current) => ({ open: true, story: null, draft, formKey: current.formKey + 1 })),
    [],
  );
  const openEdit = useCallback(
    (story: AdminStory) =>
      setState((current) => ({ open: true, story, draft: null, formKey: current.formKey + 1 })),
    [],
  );
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { openCreate, openEdit, props: { ...state, onOpenChange } };
}

interface StoryFormDialogProps extends DialogState {
  onOpenChange: (open: boolean) => void;
  /** The site's date (YYYY-MM-DD): a new story's default publish date. */
  today: string;
}

/**
 * Spec §2 create/edit dialog ('Create New Story' / 'Edit Story'). Posts to /admin/stories from any page (the
 * inbox opens it too); it can't be closed while saving, and closes after a save, when the page's data reloads.
 */
export function StoryFormDialog({ open, onOpenChange, story, draft, formKey, today }: StoryFormDialogProps) {
  const fetcher = useFetcher<AdminStoryActionReply>({ key: `story-form-${formKey}` });
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
          <DialogTitle>{story ? "Edit Story" : "Create New Story"}</DialogTitle>
          <DialogDescription>
            {story
              ? "Change any detail of this story. Leave the image alone to keep the current one."
              : "Share a Local Shine success story. Fields marked * are required."}
          </DialogDescription>
        </DialogHeader>
        <StoryForm
          key={formKey}
          fetcher={fetcher}
          story={story}
          initial={story ?? { publishDate: today, isFeatured: false, ...draft }}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface StoryFormProps {
  fetcher: ReturnType<typeof useFetcher<AdminStoryActionReply>>;
  story: AdminStory | null;
  initial: StoryDraft & { backgroundImageUrl?: string | null };
  onSaved: () => void;
  onCancel: () => void;
}

function StoryForm({ fetcher, story, initial, onSaved, onCancel }: StoryFormProps) {
  const reply = fetcher.data;
  const { errors, onSubmit, fieldProps, clearError } = useFormValidation(
    AdminStorySchema,
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
    // Text fields first, then the image: the server checks the text before it stores a byte of the file.
    const body = new FormData();
    for (const [name, value] of values) if (typeof value === "string") body.append(name, value);
    const file = values.get(STORY_IMAGE_FIELD);
    if (file instanceof File && file.size > 0) body.append(STORY_IMAGE_FIELD, file);
    void fetcher.submit(body, { method: "post", action: "/admin/stories", encType: "multipart/form-data" });
  }

  return (
    <fetcher.Form
      method="post"
      action="/admin/stories"
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-label={story ? "Edit Story" : "Create New Story"}
      className="flex min-h-0 flex-col"
    >
      {story ? <input type="hidden" name="id" value={story.id} /> : null}
      <fieldset disabled={busy} className="min-w-0 px-6 py-5">
        <StoryFormFields initial={initial} errors={errors} fieldProps={fieldProps} clearError={clearError} />
      </fieldset>
      <DialogFooter className="sticky bottom-0 flex-row justify-end border-t bg-background/95 px-6 py-4 backdrop-blur">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {busy ? "Saving..." : story ? "Update Story" : "Create Story"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
