import type * as React from "react";
import { cn } from "~/lib/cn";

/** An h2 with an optional eyebrow and lead, left-aligned or centred. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  align = "left",
  id,
  tone = "light",
  className,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  children?: React.ReactNode;
  align?: "left" | "center";
  /** Give it to the section's aria-labelledby. */
  id?: string;
  /** "dark" on an ink background. */
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? (
        <p
          className={cn(
            "text-sm font-bold uppercase tracking-wider",
            tone === "dark" ? "text-sun" : "text-primary",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl",
          tone === "dark" ? "text-white" : "text-ink",
        )}
      >
        {title}
      </h2>
      {children ? (
        <div
          className={cn(
            "mt-4 text-lg text-pretty",
            tone === "dark" ? "text-white/80" : "text-muted-foreground",
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
