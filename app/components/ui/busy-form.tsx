import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Textarea } from "~/components/ui/textarea";
import type { IslandAttrs } from "~/islands/contract";
import { cn } from "~/lib/cn";

// The markup the busy-form island (app/islands/busy-form.island.ts) reads, written in one place: a form posted like
// any form and answered with a page shows it is on its way, and counts a long text as it is typed.

/** A `<form method="post">` the busy-form island watches; its submit button is a `BusySubmit`. */
export function BusyForm(props: Omit<React.ComponentProps<"form">, "method">) {
  return <form method="post" {...({ "data-busy-form": "" } satisfies IslandAttrs)} {...props} />;
}

/**
 * The submit button: `label`, and while the post is on its way `busyLabel` ('Sending...') if given, and a spinner
 * unless `spinner` is false.
 */
export function BusySubmit({
  label,
  busyLabel,
  spinner = true,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "type" | "children"> & {
  label: string;
  busyLabel?: string;
  spinner?: boolean;
}) {
  return (
    <Button type="submit" {...props}>
      {spinner ? (
        <span hidden {...({ "data-busy-icon": "" } satisfies IslandAttrs)}>
          <Icon name="loader-circle" className="animate-spin" aria-hidden="true" />
        </span>
      ) : null}
      <span
        {...({ "data-submit-label": "" } satisfies IslandAttrs)}
        {...({ "data-busy-label": busyLabel } satisfies IslandAttrs)}
      >
        {label}
      </span>
    </Button>
  );
}

/** A textarea whose length the form's `CharacterCount` shows as it is typed. */
export function CountedTextarea(props: React.ComponentProps<"textarea">) {
  return <Textarea {...props} {...({ "data-counted": "" } satisfies IslandAttrs)} />;
}

/** 'n/max characters' for the form's `CountedTextarea`, red past the maximum. */
export function CharacterCount({
  length,
  max,
  className,
}: {
  length: number;
  max: number;
  className?: string;
}) {
  return (
    <span
      {...({ "data-counter": "" } satisfies IslandAttrs)}
      {...({ "data-max": String(max) } satisfies IslandAttrs)}
      className={cn("block text-right tabular-nums", length > max && "text-destructive", className)}
    >
      {`${length}/${max} characters`}
    </span>
  );
}
