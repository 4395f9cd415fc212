import type * as React from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

/**
 * A modal dialog that needs no script: a native <dialog> opened by a `DialogOpener` (Invoker Commands), closed by
 * its X button, Escape or a click on the backdrop. The dialogs island (app/islands/dialogs.island.ts) does the same
 * in browsers without Invoker Commands. Looks like the Radix dialog (app/components/ui/dialog.tsx).
 */
export function NativeDialog({
  id,
  title,
  description,
  className,
  titleClassName,
  children,
}: {
  id: string;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
  titleClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      closedby="any"
      data-slot="dialog-content"
      className={cn(
        "m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none backdrop:bg-black/50",
        className,
      )}
    >
      <div className="grid gap-4">
        <div className="flex flex-col gap-2 pr-6 text-center sm:text-left">
          <h2 id={`${id}-title`} className={cn("text-lg leading-none font-semibold", titleClassName)}>
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        {children}
      </div>
      {/* Last, so that opening the dialog focuses its first field, as the Radix dialog does. */}
      <button
        type="button"
        commandfor={id}
        command="close"
        data-slot="dialog-close"
        className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:hidden [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"
      >
        <Icon name="x" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  );
}
