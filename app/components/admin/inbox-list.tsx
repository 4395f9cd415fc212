import { Icon } from "~/components/ui/icon";
import { Link, useNavigate, useNavigation } from "react-router";
import { Switch } from "~/components/ui/switch";
import { Label } from "~/components/ui/label";
import {
  INBOX_TABS,
  type InboxItem,
  type InboxKind,
  type InboxOpenCounts,
  type InboxSearch,
} from "~/lib/admin-inbox-schemas";
import { cn } from "~/lib/cn";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { INBOX_FETCHER_KEY, InboxItemCard } from "./inbox-item-card";
import { ListPagination, pageHref } from "./list-pagination";

const PATH = "/admin/inbox";

const hrefOf = (search: Pick<InboxSearch, "tab" | "show">, page = 1) =>
  pageHref(PATH, { tab: search.tab !== "all" && search.tab, show: search.show === "all" && "all" }, page);

/** Tabs (all three kinds merged, or one kind) with their open counts, and the Show handled switch; all in the URL. */
export function InboxTabs({ search, open }: { search: InboxSearch; open: InboxOpenCounts }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const countOf = (kinds: readonly InboxKind[]) => kinds.reduce((sum, kind) => sum + open[kind], 0);
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      <nav aria-label="Inbox sections" className="flex flex-wrap gap-2">
        {INBOX_TABS.map((tab) => {
          const current = tab.id === search.tab;
          const count = countOf(tab.kinds);
          return (
            <Link
              key={tab.id}
              to={hrefOf({ ...search, tab: tab.id })}
              aria-current={current ? "page" : undefined}
              className={cn(
                "inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
                current
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-card text-ink hover:bg-secondary",
              )}
            >
              {tab.label}
              <span
                aria-label={`${count} open`}
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs tabular-nums",
                  current ? "bg-primary-foreground/20" : "bg-secondary text-secondary-foreground",
                )}
              >
                {count}
              </span>
            </Link>
          );
        })}
      </nav>
      <div className="flex items-center gap-2">
        <Switch
          id="inbox-show-handled"
          checked={search.show === "all"}
          disabled={navigation.state !== "idle"}
          onCheckedChange={(next) =>
            void navigate(hrefOf({ tab: search.tab, show: next ? "all" : "open" }), {
              replace: true,
              preventScrollReset: true,
            })
          }
        />
        <Label htmlFor="inbox-show-handled" className="cursor-pointer">
          Show handled
        </Label>
      </div>
    </div>
  );
}

/** The inbox's items, newest first, with the empty state, page links and the mark-as-handled toasts. */
export function InboxList({
  items,
  search,
  page,
  pageCount,
  timeZone,
  onCreateStory,
}: {
  items: InboxItem[];
  search: InboxSearch;
  page: number;
  pageCount: number;
  timeZone: string;
  onCreateStory: (item: Extract<InboxItem, { kind: "story_submission" }>) => void;
}) {
  useFetcherReplyToast(INBOX_FETCHER_KEY);

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed bg-muted/40 px-6 py-14 text-center">
        <Icon name="inbox" className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-4 text-xl font-bold text-ink">
          {search.show === "open" ? "All caught up" : "Nothing here yet"}
        </h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          {search.show === "open"
            ? "Nothing is waiting for you here. Turn on Show handled to see what was already taken care of."
            : "Story submissions, Join Our Network applications and contact messages will appear here."}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {items.map((item) => (
        <InboxItemCard
          key={`${item.kind}:${item.id}`}
          item={item}
          timeZone={timeZone}
          onCreateStory={onCreateStory}
        />
      ))}
      <ListPagination page={page} pageCount={pageCount} hrefFor={(target) => hrefOf(search, target)} />
    </div>
  );
}
