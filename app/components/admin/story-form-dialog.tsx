import { useCallback, useState } from "react";
import { FormDialog } from "~/components/ui/form-dialog";
import {
  SaveStorySchema,
  STORY_IMAGE_FIELD,
  type AdminStory,
  type StoryDraft,
  type StoryListingChoice,
} from "~/lib/admin-story-schemas";
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

const STORY_FILE_FIELDS = [STORY_IMAGE_FIELD];

interface StoryFormDialogProps extends DialogState {
  onOpenChange: (open: boolean) => void;
  /** The site's date (YYYY-MM-DD): a new story's default publish date. */
  today: string;
  /** The listings a story can be about (the admin picks one). */
  listings: StoryListingChoice[];
}

/**
 * The panel's create/edit dialog (docs/product.md#shine-stories-panel) ('Create New Story' / 'Edit Story'). Posts to
 * /admin/stories from any page (the inbox opens it too); it can't be closed while saving, and closes after a save, when
 * the page's data reloads.
 */
export function StoryFormDialog({
  open,
  onOpenChange,
  story,
  draft,
  formKey,
  today,
  listings,
}: StoryFormDialogProps) {
  const title = story ? "Edit Story" : "Create New Story";
  const initial = story ?? { publishDate: today, isFeatured: false, ...draft };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      formKey={formKey}
      fetcherKey="story-form"
      title={title}
      description={
        story
          ? "Change any detail of this story. Leave the image alone to keep the current one."
          : "Share a Local Shine success story. Fields marked * are required."
      }
      formLabel={title}
      schema={SaveStorySchema}
      action="/admin/stories"
      editId={story?.id ?? null}
      fileFields={STORY_FILE_FIELDS}
      submitLabel={story ? "Update Story" : "Create Story"}
    >
      {(fields) => <StoryFormFields initial={initial} fields={fields} listings={listings} />}
    </FormDialog>
  );
}
