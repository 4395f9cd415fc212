import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { cn } from "~/lib/cn";

/** What the admin overview shows (app/.server/admin/overview.ts), with the backup line of the network page. */
export interface AdminOverviewData {
  listings: number;
  listingEdits: number;
  claims: number;
  ads: number;
  targeting: number;
  inbox: number;
  screensDown: number;
  screensPaired: number;
  backup: { summary: string; failed: boolean };
}

interface Tile {
  key: string;
  icon: IconName;
  label: string;
  count: number;
  /** What the count is, in a phrase that reads after the number. */
  waiting: string;
  href: string;
  /** A count above zero here is a problem, not just work. */
  alarm?: boolean;
}

/**
 * An admin's first view after signing in (docs/product.md#admin-overview): the queues waiting for a decision and the
 * screens that need someone, each linking to where it is handled, and the last backup. Zero reads as done.
 */
export function AdminOverview({ data }: { data: AdminOverviewData }) {
  const tiles: Tile[] = [
    {
      key: "listings",
      icon: "store",
      label: "Listings",
      count: data.listings + data.listingEdits + data.claims,
      waiting: waitingPhrase([
        [data.listings, "new listing", "new listings"],
        [data.listingEdits, "edit", "edits"],
        [data.claims, "claim", "claims"],
      ]),
      href: "/admin",
    },
    {
      key: "ads",
      icon: "badge-check",
      label: "Ad Review",
      count: data.ads + data.targeting,
      waiting: waitingPhrase([
        [data.ads, "ad", "ads"],
        [data.targeting, "distance change", "distance changes"],
      ]),
      href: "/admin/ads",
    },
    {
      key: "inbox",
      icon: "inbox",
      label: "Inbox",
      count: data.inbox,
      waiting: waitingPhrase([[data.inbox, "message not handled", "messages not handled"]]),
      href: "/admin/inbox",
    },
    {
      key: "screens",
      icon: "monitor-play",
      label: "Screens down",
      count: data.screensDown,
      waiting:
        data.screensPaired === 0
          ? "No screen paired yet"
          : data.screensDown === 0
            ? `All ${data.screensPaired} paired screens heard from`
            : `of ${data.screensPaired} paired, silent over an hour while their host is open`,
      href: data.screensDown > 0 ? "/admin/network#alerts-heading" : "/admin/kiosks",
      alarm: true,
    },
  ];
  return (
    <section
      aria-labelledby="admin-overview-heading"
      className="container-page pt-10"
      data-testid="admin-overview"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="admin-overview-heading" className="text-xl font-semibold text-ink">
          Waiting for you
        </h2>
        <Link to="/admin/network" className="text-sm font-semibold text-primary underline">
          The network at a glance
        </Link>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => {
          const alarming = tile.alarm && tile.count > 0;
          return (
            <li key={tile.key}>
              <Link
                to={tile.href}
                data-testid={`overview-${tile.key}`}
                className={cn(
                  "flex h-full gap-3 rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-primary",
                  alarming && "border-destructive/50 bg-destructive/5",
                )}
              >
                <Icon
                  name={alarming ? "triangle-exclamation-point" : tile.icon}
                  className={cn("mt-1 size-5 shrink-0", alarming ? "text-destructive" : "text-primary")}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-muted-foreground">{tile.label}</span>
                  <span className="block text-3xl font-bold tracking-tight text-ink">{tile.count}</span>
                  <span className="block text-sm text-muted-foreground">{tile.waiting}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p
        role={data.backup.failed ? "alert" : undefined}
        className={cn(
          "mt-3 text-sm",
          data.backup.failed
            ? "rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive"
            : "text-muted-foreground",
        )}
      >
        {data.backup.summary}
      </p>
    </section>
  );
}

/** "2 new listings, 1 edit", leaving out what is zero; "Nothing waiting" when all are. */
function waitingPhrase(parts: [number, string, string][]): string {
  const named = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  return named.length === 0 ? "Nothing waiting" : named.join(", ");
}
