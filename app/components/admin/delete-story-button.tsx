import { ConfirmDeleteButton } from "~/components/ui/confirm-delete-button";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { DELETE_STORY_CONFIRMATION } from "~/lib/admin-story-schemas";

const DELETE_FETCHER_KEY = "delete-story";

/** Call once on the panel: shows 'Story deleted successfully!' / 'Error deleting story'. */
export function useDeleteStoryToasts() {
  useFetcherReplyToast(DELETE_FETCHER_KEY);
}

/** A card's delete button; the story is deleted only after a confirmation (docs/product.md#confirmations). */
export function DeleteStoryButton({ id, title }: { id: string; title: string }) {
  return (
    <ConfirmDeleteButton
      fetcherKey={DELETE_FETCHER_KEY}
      id={id}
      label={`Delete ${title}`}
      title="Delete this story?"
      description={
        <>
          {DELETE_STORY_CONFIRMATION} “{title}” will be removed from Shine Stories; this can't be undone.
        </>
      }
      action="/admin/stories"
    />
  );
}
