import type * as React from "react";

/** A closing call to action on a teal band: one heading, one line, and the buttons passed in. */
export function CtaBand({
  title,
  children,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <section aria-labelledby="cta-title" className="container-page py-16">
      <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-12 text-primary-foreground sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -bottom-20 -left-16 size-64 rounded-full bg-sun/30 blur-3xl"
        />
        <div className="relative flex flex-col items-start gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight text-balance">
              {title}
            </h2>
            <div className="mt-3 text-lg text-primary-foreground/90">{children}</div>
          </div>
          <div className="flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>
    </section>
  );
}
