import { Icon } from "~/components/ui/icon";
import type * as React from "react";

/**
 * What a visitor sees after a form went through. The page opens with the focus on the heading (`autofocus`, no
 * script needed) so screen-reader and keyboard users land on the news rather than on a form that is no longer there.
 */
export function SubmissionConfirmation({
  title,
  children,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div role="status" className="rounded-2xl border border-primary/30 bg-secondary/60 p-8 text-center">
      <Icon name="circle-check" className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h2 autoFocus tabIndex={-1} className="mt-4 text-2xl font-extrabold text-ink outline-none">
        {title}
      </h2>
      <div className="mx-auto mt-3 max-w-md text-foreground/80">{children}</div>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
