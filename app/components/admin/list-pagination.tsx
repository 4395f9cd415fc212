import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** Previous / next links for an admin list, keeping its filters (`hrefFor` builds the URL of a page). */
export function ListPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const step = (target: number, label: string, icon: React.ReactNode) =>
    target < 1 || target > pageCount ? (
      <span
        aria-hidden
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "pointer-events-none opacity-40")}
      >
        {icon}
        {label}
      </span>
    ) : (
      <Link to={hrefFor(target)} className={buttonVariants({ variant: "outline", size: "sm" })}>
        {icon}
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
      {step(page - 1, "Previous", <Icon name="chevron-left" aria-hidden />)}
      <span className="text-sm text-muted-foreground" aria-current="page">
        Page {page} of {pageCount}
      </span>
      {step(page + 1, "Next", <Icon name="chevron-right" aria-hidden />)}
    </nav>
  );
}

/** `base` with `params` (empty values dropped) and `page` when it is past the first. */
export function pageHref(base: string, params: Record<string, string | undefined | false>, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}
