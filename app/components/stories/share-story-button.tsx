import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { ShareStoryDialog } from "./share-story-dialog";

/** The 'Share Your Story' button used across the stories pages; it opens the share dialog. */
export function ShareStoryButton({
  variant = "warm",
  size = "lg",
  className,
}: Pick<React.ComponentProps<typeof Button>, "variant" | "size" | "className">) {
  return (
    <ShareStoryDialog
      trigger={
        <Button variant={variant} size={size} className={className}>
          <Icon name="pen-line" aria-hidden="true" />
          Share Your Story
        </Button>
      }
    />
  );
}
