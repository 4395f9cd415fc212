import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { GROUP_FETCHER_KEY, KioskGroupActions } from "./kiosk-group-actions";

/**
 * The fleet page's group filter (docs/product.md#screen-groups): every group as a link that shows only its kiosks,
 * and, with one chosen, what can be done to all its screens at once.
 */
export function KioskGroupFilter({
  groups,
  selected,
}: {
  groups: { id: string; name: string; kiosks: number }[];
  selected: { id: string; name: string } | null;
}) {
  useFetcherReplyToast(GROUP_FETCHER_KEY);
  const pill = (active: boolean) =>
    cn(
      "inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap",
      active ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-secondary",
    );
  return (
    <nav aria-label="Screen groups" className="space-y-3">
      <div className="flex items-center gap-2 overflow-x-auto pb-1">
        <Link to="/admin/kiosks" className={pill(!selected)} aria-current={selected ? undefined : "page"}>
          All kiosks
        </Link>
        {groups.map((group) => (
          <Link
            key={group.id}
            to={`/admin/kiosks?group=${group.id}`}
            className={pill(selected?.id === group.id)}
            aria-current={selected?.id === group.id ? "page" : undefined}
          >
            {group.name} <span className="opacity-70">({group.kiosks})</span>
          </Link>
        ))}
        <Button asChild size="sm" variant="ghost" className="shrink-0">
          <Link to="/admin/kiosks/groups">
            <Icon name="users" aria-hidden /> {groups.length ? "Manage groups" : "Make a group"}
          </Link>
        </Button>
        <Button asChild size="sm" variant="ghost" className="shrink-0">
          <Link to="/admin/kiosks/messages">
            <Icon name="megaphone" aria-hidden /> Screen messages
          </Link>
        </Button>
      </div>
      {selected ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-secondary/40 p-3">
          <p className="text-sm font-semibold text-ink">{selected.name}:</p>
          <KioskGroupActions group={selected} />
        </div>
      ) : null}
    </nav>
  );
}
