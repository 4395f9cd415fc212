import { ConfirmDeleteButton } from "~/components/ui/confirm-delete-button";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { DELETE_BUSINESS_CONFIRMATION } from "~/lib/business-schemas";

const DELETE_FETCHER_KEY = "delete-business";

/** Call once on the dashboard page: shows 'Business deleted successfully' / 'Failed to delete business'. */
export function useDeleteBusinessToasts() {
  useFetcherReplyToast(DELETE_FETCHER_KEY);
}

/** A row's delete button; the listing is deleted only after a confirmation (docs/product.md#confirmations). */
export function DeleteBusinessButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmDeleteButton
      fetcherKey={DELETE_FETCHER_KEY}
      id={id}
      label={`Delete ${name}`}
      title={`Delete ${name}?`}
      description={
        <>
          {DELETE_BUSINESS_CONFIRMATION} It will be removed from the Local Shiners directory; this can't be
          undone.
        </>
      }
      trigger="icon"
    />
  );
}
