import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { SHARE_STORY_DIALOG_ID } from "./share-story-dialog";

/**
 * The 'Share Your Story' button used across the stories pages: it opens the page's ShareStoryDialog, with
 * Invoker Commands (or the dialogs island where the browser lacks them).
 */
export function ShareStoryButton({
  variant = "warm",
  size = "lg",
  className,
}: Pick<React.ComponentProps<typeof Button>, "variant" | "size" | "className">) {
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      commandfor={SHARE_STORY_DIALOG_ID}
      command="show-modal"
    >
      <Icon name="pen-line" aria-hidden="true" />
      Share Your Story
    </Button>
  );
}
