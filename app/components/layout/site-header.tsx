import { LayoutDashboard, Menu, Newspaper, Inbox, Store, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/cn";
import { LogoMark } from "./logo";

export interface HeaderViewer {
  email: string;
  name: string;
  isAdmin: boolean;
}

/** Spec §2 "Shared header": nav links, then Sign In / Join Our Network or the avatar menu and Sign Out. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "Digital Kiosk" },
  { to: "/shine-stories", label: "Shine Stories" },
  { to: "/local-shiners", label: "Local Shiners" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

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
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-accent hover:text-foreground",
                  isActive && "text-primary",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <AccountActions viewer={viewer} />
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="ml-auto lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X /> : <Menu />}
        </Button>
      </div>

      {open ? (
        <div id="mobile-nav" className="border-t bg-background lg:hidden">
          <nav aria-label="Mobile" className="container-page flex flex-col gap-1 py-3">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === "/"} className="rounded-md px-3 py-2 font-medium hover:bg-accent">
                {link.label}
              </NavLink>
            ))}
            <div className="mt-2 flex flex-wrap items-center gap-2 border-t pt-3">
              <AccountActions viewer={viewer} />
            </div>
          </nav>
        </div>
      ) : null}
    </header>
  );
}

function initials(viewer: HeaderViewer) {
  const source = viewer.name?.trim() || viewer.email;
  return source.slice(0, 1).toUpperCase();
}

function AccountActions({ viewer }: { viewer: HeaderViewer | null }) {
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
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
            <Avatar className="size-9">
              <AvatarFallback className="bg-primary text-primary-foreground">{initials(viewer)}</AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="truncate font-normal text-muted-foreground">{viewer.email}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/dashboard">
              <LayoutDashboard /> Dashboard
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Store /> Business Listing Dashboard
            </Link>
          </DropdownMenuItem>
          {viewer.isAdmin ? (
            <>
              <DropdownMenuItem asChild>
                <Link to="/admin/stories">
                  <Newspaper /> Shine Stories Panel
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/admin/inbox">
                  <Inbox /> Inbox
                </Link>
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <Form method="post" action="/signout">
        <Button type="submit" variant="outline">
          Sign Out
        </Button>
      </Form>
    </>
  );
}
