import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Link } from "react-router";

/** The warm banner at the top of each directory page: optional back link, heading, intro, and an action. */
export function DirectoryHeader({
  eyebrow,
  title,
  intro,
  backLink,
  action,
  icon,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  intro: React.ReactNode;
  backLink?: { to: string; label: string };
  action?: React.ReactNode;
  icon?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-br from-secondary via-background to-accent">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-sun/25 blur-3xl"
      />
      <div className="container-page relative py-10 sm:py-14">
        {backLink ? (
          <Link
            to={backLink.to}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
          >
            <Icon name="arrow-left" className="size-4" aria-hidden="true" /> {backLink.label}
          </Link>
        ) : null}
        <div className="mt-5 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="flex items-start gap-4">
            {icon ? (
              <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-white/80 text-primary shadow-sm sm:inline-flex">
                {icon}
              </span>
            ) : null}
            <div>
              {eyebrow ? (
                <p className="text-xs font-bold tracking-[0.2em] text-primary uppercase">{eyebrow}</p>
              ) : null}
              <h1 className="mt-1 text-4xl font-black tracking-tight text-ink sm:text-5xl">{title}</h1>
              <div className="mt-3 max-w-2xl text-muted-foreground">{intro}</div>
            </div>
          </div>
          {action ? (
            <div className="flex shrink-0 flex-col items-stretch gap-4 sm:items-start">{action}</div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
