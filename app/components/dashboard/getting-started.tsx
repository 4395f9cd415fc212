import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { checklistSteps, type OwnerProgress } from "~/lib/owner-progress";

/**
 * The owner's way to an ad on the screens, in order, each step ticked from their own rows (docs/product.md#media-dashboard):
 * listing → media → ad → approved → playing. Gone once an ad has played.
 */
export function GettingStarted({ progress }: { progress: OwnerProgress }) {
  const steps = checklistSteps(progress);
  if (steps.every((step) => step.done)) return null;
  const next = steps.find((step) => !step.done)!;
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <section
      aria-labelledby="getting-started-heading"
      className="container-page pt-10"
      data-testid="getting-started"
    >
      <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="getting-started-heading" className="text-lg font-semibold text-ink">
            Getting started
          </h2>
          <p className="text-sm text-muted-foreground">{`${doneCount} of ${steps.length} done`}</p>
        </div>
        <ol className="mt-4 grid gap-3 md:grid-cols-5">
          {steps.map((step, index) => {
            const current = step === next;
            return (
              <li
                key={step.key}
                aria-current={current ? "step" : undefined}
                className={cn(
                  "flex gap-3 rounded-xl border p-3 text-sm md:flex-col",
                  current ? "border-primary bg-secondary/60" : "bg-background",
                )}
              >
                <span
                  className={cn(
                    "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                    step.done ? "bg-emerald-600 text-white" : "border text-muted-foreground",
                  )}
                >
                  {step.done ? <Icon name="check" className="size-4" aria-hidden /> : index + 1}
                </span>
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold text-ink">
                    {step.title}
                    <span className="sr-only">
                      {step.done ? " (done)" : current ? " (next)" : " (to do)"}
                    </span>
                  </p>
                  <p className="text-muted-foreground">{step.detail}</p>
                  {current && step.href ? (
                    <Link to={step.href} className="inline-block font-semibold text-primary underline">
                      {step.action}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
