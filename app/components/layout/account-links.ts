import type { IconName } from "~/components/ui/icons/names";
import type { HeaderViewer } from "./header-viewer";

export interface AccountLink {
  to: string;
  label: string;
  icon: IconName;
}

/**
 * Where a signed-in person works, in one list: the header's account bar (desktop), the top of the phone menu and
 * the avatar menu all show these, so none of them is the only way in. Admins also get the panels.
 */
export function accountLinks(viewer: HeaderViewer): { own: AccountLink[]; admin: AccountLink[] } {
  const own: AccountLink[] = [
    { to: "/dashboard", label: "Dashboard", icon: "layout-dashboard" },
    { to: "/admin", label: viewer.isAdmin ? "All Listings" : "My Listings", icon: "store" },
    { to: "/dashboard/ads", label: "My Ads", icon: "monitor-play" },
    { to: "/dashboard/results", label: "Results", icon: "trending-up" },
  ];
  const admin: AccountLink[] = viewer.isAdmin
    ? [
        { to: "/admin/stories", label: "Shine Stories Panel", icon: "newspaper" },
        { to: "/admin/ads", label: "Ad Review", icon: "badge-check" },
        { to: "/admin/inbox", label: "Inbox", icon: "inbox" },
        { to: "/admin/kiosks", label: "Kiosks", icon: "monitor-play" },
        { to: "/admin/network", label: "Network", icon: "map-pin" },
      ]
    : [];
  return { own, admin };
}

/** The name shown beside the avatar: the person's name, else their email. */
export function displayNameOf(viewer: { name?: string | null; email: string }) {
  return viewer.name?.trim() || viewer.email;
}
