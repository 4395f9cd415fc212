import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** Page numbers to show: 1, the last, and two either side of the current one; `null` marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - page) <= 2;
    if (n === 1 || n === pageCount || near) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

/**
 * Page links for a directory list (plain links: they work without JavaScript and search engines follow them).
 * `hrefFor` keeps the current filters. Renders nothing when everything fits on one page.
 */
export function DirectoryPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const edge = (target: number, label: string, icon: React.ReactNode, text: string) =>
    target >= 1 && target <= pageCount ? (
      <Link
        to={hrefFor(target)}
        rel={target < page ? "prev" : "next"}
        aria-label={label}
        className={buttonVariants({ variant: "outline" })}
      >
        {icon}
        <span className="hidden sm:inline">{text}</span>
      </Link>
    ) : (
      // Keeps the page numbers centred where there is no previous (or next) page.
      <span aria-hidden="true" className={cn(buttonVariants({ variant: "outline" }), "invisible")}>
        {icon}
        <span className="hidden sm:inline">{text}</span>
      </span>
    );

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-2">
      {edge(page - 1, "Previous page", <Icon name="chevron-left" aria-hidden="true" />, "Previous")}
      <ol className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((n, index) => (
          <li key={n ?? `gap-${index}`}>
            {n === null ? (
              <span className="px-1.5 text-muted-foreground">…</span>
            ) : (
              <Link
                to={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={cn(
                  buttonVariants({ variant: n === page ? "default" : "ghost", size: "icon" }),
                  "size-10",
                )}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {edge(page + 1, "Next page", <Icon name="chevron-right" aria-hidden="true" />, "Next")}
    </nav>
  );
}
