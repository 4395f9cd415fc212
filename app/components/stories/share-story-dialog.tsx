import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import { SHARE_STORY_FORM_ID, ShareStoryForm } from "./share-story-form";

export const SHARE_STORY_DIALOG_ID = "share-story-dialog";

/**
 * The Share Your Local Shine Story dialog (docs/product.md#share-your-story-dialog), once per page; every Share
 * Your Story button (ShareStoryButton) opens it. While a submission is on its way it stays open (the share-story
 * island marks it busy); a successful one comes back to this page with the toast, the form empty and closed.
 */
export function ShareStoryDialog() {
  const location = useLocation();
  return (
    <NativeDialog
      id={SHARE_STORY_DIALOG_ID}
      title={<span id={`${SHARE_STORY_FORM_ID}-title`}>Share Your Local Shine Story</span>}
      titleClassName="text-xl"
      className="scroll-pb-20 sm:max-w-xl"
      description={
        <>
          Tell us how Local Shine has made a difference for your business or your neighborhood. Your story is
          emailed straight to the Local Shine team, and we'll reach out before anything is published.
        </>
      }
    >
      <ShareStoryForm
        returnTo={`${location.pathname}${location.search}`}
        cancel={
          <Button type="button" variant="outline" commandfor={SHARE_STORY_DIALOG_ID} command="close">
            Cancel
          </Button>
        }
      />
    </NativeDialog>
  );
}
