import type * as React from "react";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { cn } from "~/lib/cn";

/** An icon, a short title and a sentence or two: benefits, steps and values. */
export function FeatureCard({
  icon,
  title,
  children,
  step,
  headingLevel = 3,
  className,
}: {
  icon: IconName;
  title: string;
  children: React.ReactNode;
  /** Shown as a numbered badge (how-it-works steps). */
  step?: number;
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className={cn("relative flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm", className)}>
      <div className="flex items-center gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-secondary text-primary">
          <Icon name={icon} className="size-6" aria-hidden="true" />
        </span>
        {step ? (
          <span className="rounded-full bg-sun px-3 py-1 text-xs font-bold text-ink">Step {step}</span>
        ) : null}
      </div>
      <Heading className="mt-5 text-xl font-bold text-ink">{title}</Heading>
      <div className="mt-2 text-muted-foreground">{children}</div>
    </div>
  );
}
