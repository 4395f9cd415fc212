import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** Up to seven page links: the first, the last, and the neighbours of the current page, with gaps marked. */
function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((n, index) => (index > 0 && n - sorted[index - 1]! > 1 ? ["gap" as const, n] : [n]));
}

/** Page links for the dashboard list; each keeps the search. Nothing when everything fits on one page. */
export function BusinessPagination({ page, pageCount, q }: { page: number; pageCount: number; q: string }) {
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (target > 1) params.set("page", String(target));
    const query = params.toString();
    return query ? `/admin?${query}` : "/admin";
  };
  const step = (target: number, label: string, children: React.ReactNode) =>
    target < 1 || target > pageCount ? (
      <span
        aria-hidden
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "pointer-events-none opacity-40")}
      >
        {children}
      </span>
    ) : (
      <Link
        to={href(target)}
        aria-label={label}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        {children}
      </Link>
    );

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5">
      {step(page - 1, "Previous page", <Icon name="chevron-left" aria-hidden />)}
      {visiblePages(page, pageCount).map((entry, index) =>
        entry === "gap" ? (
          <span key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={entry}
            to={href(entry)}
            aria-label={`Page ${entry}`}
            aria-current={entry === page ? "page" : undefined}
            className={buttonVariants({ variant: entry === page ? "default" : "outline", size: "sm" })}
          >
            {entry}
          </Link>
        ),
      )}
      {step(page + 1, "Next page", <Icon name="chevron-right" aria-hidden />)}
    </nav>
  );
}
