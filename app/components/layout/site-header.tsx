import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { initialOf } from "./account-initial";
import { accountLinks, displayNameOf, type AccountLink } from "./account-links";
import type { HeaderViewer } from "./header-viewer";
import { LogoMark } from "./logo";
import type { IslandAttrs } from "~/islands/contract";

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

export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const links = viewer ? accountLinks(viewer) : null;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container-page flex h-16 items-center gap-4">
        <Link
          to={viewer ? "/dashboard" : "/"}
          className="flex items-center gap-2 rounded-md font-extrabold tracking-tight text-ink"
          aria-label={viewer ? "Local Shine — your dashboard" : "Local Shine — home"}
        >
          <LogoMark />
          <span className="text-lg">Local Shine</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          <SectionLinks
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
        {/* Escape closes it: the phone-menu island, loaded on every page (app/root.tsx). */}
        <details
          ref={menu}
          {...({ "data-phone-menu": "" } satisfies IslandAttrs)}
          className="group ml-auto lg:hidden"
        >
          <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">Menu</span>
            <Icon name="menu" className="size-5 group-open:hidden" aria-hidden="true" />
            <Icon name="x" className="hidden size-5 group-open:block" aria-hidden="true" />
          </summary>
          <div
            id="mobile-nav"
            className="absolute inset-x-0 top-16 border-b border-t bg-background shadow-sm"
          >
            <nav aria-label="Mobile" className="container-page flex flex-col gap-1 py-3">
              {links ? (
                <div className="mb-2 flex flex-col gap-1 border-b pb-3">
                  <p className="truncate px-3 pb-1 text-sm text-muted-foreground">
                    Signed in as {viewer!.email}
                  </p>
                  <AccountNavLinks
                    links={[...links.own, ...links.admin]}
                    className={() =>
                      "flex items-center gap-2 rounded-md px-3 py-2 font-medium hover:bg-accent"
                    }
                  />
                </div>
              ) : null}
              <SectionLinks className={() => "rounded-md px-3 py-2 font-medium hover:bg-accent"} />
              <div className="mt-2 flex flex-wrap items-center gap-2 border-t pt-3">
                <AccountActions viewer={viewer} />
              </div>
            </nav>
          </div>
        </details>
      </div>
      {links ? (
        <nav aria-label="Your account" className="hidden border-t bg-secondary/40 lg:block">
          {/* One row that never wraps a label: at the narrowest desktop widths it scrolls sideways instead. */}
          <div className="container-page flex h-10 items-center gap-0.5 overflow-x-auto text-sm">
            <AccountNavLinks links={links.own} className={accountBarLink} />
            {links.admin.length > 0 ? (
              <>
                <span aria-hidden="true" className="mx-2 h-4 w-px shrink-0 bg-border" />
                <span className="shrink-0 px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  Admin
                </span>
                <AccountNavLinks links={links.admin} className={accountBarLink} />
              </>
            ) : null}
          </div>
        </nav>
      ) : null}
    </header>
  );
}

/** The site's sections; `NavLink` marks the current one (`aria-current="page"`), Home only on the home page. */
function SectionLinks({ className }: { className: (current: boolean) => string }) {
  return NAV_LINKS.map((link) => (
    <NavLink
      key={link.to}
      to={link.to}
      end={link.to === "/"}
      className={({ isActive }) => className(isActive)}
    >
      {link.label}
    </NavLink>
  ));
}

const accountBarLink = (current: boolean) =>
  cn(
    "flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 font-medium text-foreground/80 hover:bg-accent hover:text-foreground",
    current && "bg-background text-primary shadow-xs",
  );

/** A signed-in person's own pages (and an admin's panels); `end`, so /admin is not current on /admin/stories. */
function AccountNavLinks({
  links,
  className,
}: {
  links: AccountLink[];
  className: (current: boolean) => string;
}) {
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} end className={({ isActive }) => className(isActive)}>
      <Icon name={link.icon} className="size-4" aria-hidden="true" />
      {link.label}
    </NavLink>
  ));
}

/** What the avatar button looks like while its menu code loads (same size, so nothing shifts). */
function AccountButtonPlaceholder({ viewer }: { viewer: HeaderViewer }) {
  return (
    <span aria-hidden="true" className="flex h-10 items-center gap-2 px-1">
      <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
        {initialOf(viewer)}
      </span>
      <span className="max-w-40 truncate text-sm font-medium">{displayNameOf(viewer)}</span>
    </span>
  );
}

function AccountActions({ viewer }: { viewer: HeaderViewer | null }) {
  const hydrated = useHydrated();
  if (!viewer) {
    return (
      <>
        <Button asChild variant="ghost">
          <Link to="/signin">Sign In</Link>
        </Button>
        <Button asChild variant="warm">
          <Link to="/submit-business">Join Our Network</Link>
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
