import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { initialOf } from "./account-initial";
import type { HeaderViewer } from "./header-viewer";
import { LogoMark } from "./logo";

// The avatar menu (Radix dropdown) is only for signed-in people: visitors never download it (docs/performance.md).
const AccountMenu = lazy(() => import("./account-menu"));

/**
 * docs/product.md#shared-header-and-footer: nav links, then Sign In / Join Our Network or the avatar menu and Sign Out.
 */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "Digital Kiosk" },
  { to: "/shine-stories", label: "Shine Stories" },
  { to: "/local-shiners", label: "Local Shiners" },
  { to: "/contact", label: "Contact" },
] as const;

/** Whether a nav link is the current section, as a `<NavLink>` decides it (`end` for Home). */
export function isCurrentSection(to: string, pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
}

/**
 * The header's links are `AppLink`s, with the current section marked here: on every page they were a dozen
 * React Router `<Link>`s and `<NavLink>`s, ~7 % of a page's server render (measured, docs/performance.md).
 */
export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container-page flex h-16 items-center gap-4">
        <AppLink
          to={viewer ? "/dashboard" : "/"}
          className="flex items-center gap-2 rounded-md font-extrabold tracking-tight text-ink"
          aria-label={viewer ? "Local Shine — your dashboard" : "Local Shine — home"}
        >
          <LogoMark />
          <span className="text-lg">Local Shine</span>
        </AppLink>

        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          <SectionLinks
            pathname={location.pathname}
            className={(current) =>
              cn(
                "rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-accent hover:text-foreground",
                current && "text-primary",
              )
            }
          />
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <AccountActions viewer={viewer} />
        </div>

        {/* A native disclosure: it opens and closes before (or without) JavaScript, e.g. on the home page,
            which ships none. */}
        <details ref={menu} className="group ml-auto lg:hidden">
          <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">Menu</span>
            <Menu className="size-5 group-open:hidden" aria-hidden="true" />
            <X className="hidden size-5 group-open:block" aria-hidden="true" />
          </summary>
          <div
            id="mobile-nav"
            className="absolute inset-x-0 top-16 border-b border-t bg-background shadow-sm"
          >
            <nav aria-label="Mobile" className="container-page flex flex-col gap-1 py-3">
              <SectionLinks
                pathname={location.pathname}
                className={() => "rounded-md px-3 py-2 font-medium hover:bg-accent"}
              />
              <div className="mt-2 flex flex-wrap items-center gap-2 border-t pt-3">
                <AccountActions viewer={viewer} />
              </div>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}

/** The site's sections as links, the current one marked for assistive technology and styled by `className`. */
function SectionLinks({
  pathname,
  className,
}: {
  pathname: string;
  className: (current: boolean) => string;
}) {
  return NAV_LINKS.map((link) => {
    const current = isCurrentSection(link.to, pathname);
    return (
      <AppLink
        key={link.to}
        to={link.to}
        aria-current={current ? "page" : undefined}
        className={className(current)}
      >
        {link.label}
      </AppLink>
    );
  });
}

/** What the avatar button looks like while its menu code loads (same size, so nothing shifts). */
function AccountButtonPlaceholder({ viewer }: { viewer: HeaderViewer }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {initialOf(viewer)}
    </span>
  );
}

function AccountActions({ viewer }: { viewer: HeaderViewer | null }) {
  const hydrated = useHydrated();
  if (!viewer) {
    return (
      <>
        <Button asChild variant="ghost">
          <AppLink to="/signin">Sign In</AppLink>
        </Button>
        <Button asChild variant="warm">
          <AppLink to="/submit-business">Join Our Network</AppLink>
        </Button>
      </>
    );
  }
  return (
    <>
      {/* The menu appears once it can respond: a click before hydration would be lost. */}
      {hydrated ? (
        <Suspense fallback={<AccountButtonPlaceholder viewer={viewer} />}>
          <AccountMenu viewer={viewer} />
        </Suspense>
      ) : (
        <AccountButtonPlaceholder viewer={viewer} />
      )}
      <Form method="post" action="/signout">
        <Button type="submit" variant="outline">
          Sign Out
        </Button>
      </Form>
    </>
  );
}
