import type * as React from "react";
import { cn } from "~/lib/cn";

/** The opening band of an inner marketing page: eyebrow, the page's one h1, and a short lead. */
export function PageHero({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("relative overflow-hidden border-b bg-secondary/60", className)}>
      <SunGlow />
      <div className="container-page relative py-14 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-bold uppercase tracking-wider text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-black tracking-tight text-balance text-ink sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-5 max-w-2xl text-lg text-pretty text-foreground/80">{children}</div>
        ) : null}
      </div>
    </section>
  );
}

/** A soft sun in the corner: the brand's warmth without an image request. */
function SunGlow() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-sun/40 blur-3xl sm:size-96"
    />
  );
}
