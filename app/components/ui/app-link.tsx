import { forwardRef, useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

/**
 * A link to one of our own pages, for links a page renders many times (directory cards, page numbers, the
 * footer). It renders a plain `<a>`: React Router's `<Link>` runs a dozen hooks per link on the server, which
 * added up to a tenth of a directory page's render time (docs/decisions/006-app-links.md). Clicks still
 * navigate in the app without a page load, through `AppLinkNavigation` in the root layout, and the routes are
 * discovered ahead of the click like a `<Link>`'s (`data-discover`). Without JavaScript it is an ordinary link.
 */
export const AppLink = forwardRef<
  HTMLAnchorElement,
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }
>(function AppLink({ to, ...props }, ref) {
  return <a ref={ref} href={to} data-discover="true" data-app-link="" {...props} />;
});

/** Sends plain left-clicks on `AppLink`s through the router (modified clicks, new tabs and downloads are left alone). */
export function AppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-app-link]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
