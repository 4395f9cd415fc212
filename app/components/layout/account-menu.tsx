import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
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
import { initialOf } from "./account-initial";
import { displayNameOf } from "./account-links";
import type { HeaderViewer } from "./header-viewer";

/**
 * docs/product.md#shared-header-and-footer: the signed-in avatar menu (Dashboard, Business Listing Dashboard, and for
 * admins the panels).
 */
export default function AccountMenu({ viewer }: { viewer: HeaderViewer }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 rounded-full px-1 pr-3"
          aria-label={`Account menu: ${displayNameOf(viewer)}`}
        >
          <Avatar className="size-9">
            <AvatarFallback className="bg-primary text-primary-foreground">
              {initialOf(viewer)}
            </AvatarFallback>
          </Avatar>
          <span className="max-w-40 truncate text-sm font-medium">{displayNameOf(viewer)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {viewer.email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <Icon name="layout-dashboard" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard/ads">
            <Icon name="monitor-play" /> My Ads
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard/results">
            <Icon name="trending-up" /> Results
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/admin">
            <Icon name="store" /> Business Listing Dashboard
          </Link>
        </DropdownMenuItem>
        {viewer.isAdmin ? (
          <>
            <DropdownMenuItem asChild>
              <Link to="/admin/stories">
                <Icon name="newspaper" /> Shine Stories Panel
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/ads">
                <Icon name="badge-check" /> Ad Review
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/inbox">
                <Icon name="inbox" /> Inbox
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/kiosks">
                <Icon name="monitor-play" /> Kiosks
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/network">
                <Icon name="map-pin" /> Network
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
