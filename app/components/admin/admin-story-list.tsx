import { Icon } from "~/components/ui/icon";
import { Link, useNavigation } from "react-router";
import type { AdminStory, AdminStorySearch } from "~/lib/admin-story-schemas";
import { cn } from "~/lib/cn";
import { AdminStoryCard } from "./admin-story-card";
import { ListPagination, pageHref } from "./list-pagination";

interface AdminStoryListProps {
  stories: AdminStory[];
  /** Stories matching the filters, on every page. */
  matching: number;
  page: number;
  pageCount: number;
  search: AdminStorySearch;
  today: string;
  onEdit: (story: AdminStory) => void;
}

/** The panel's card grid, newest publish date first, with the spec's empty state and page links. */
export function AdminStoryList({
  stories,
  matching,
  page,
  pageCount,
  search,
  today,
  onEdit,
}: AdminStoryListProps) {
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/admin/stories";
  const filtered = Boolean(search.q || search.industry || search.featured);

  if (stories.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed bg-muted/40 px-6 py-14 text-center">
        <Icon name="search-x" className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-4 text-xl font-bold text-ink">No stories found matching your criteria</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          {filtered
            ? "Try other words, another industry, or turn off Featured Only."
            : "Stories you add with Add New Story appear here."}
        </p>
        {filtered ? (
          <Link to="/admin/stories" className="mt-4 text-sm font-semibold text-primary hover:underline">
            Show all stories
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <p role="status" className="text-sm font-medium text-muted-foreground">
        {countLine(matching, filtered)}
      </p>
      <div
        aria-busy={refreshing}
        className={cn(
          "grid gap-6 transition-opacity md:grid-cols-2 xl:grid-cols-3",
          refreshing && "opacity-60",
        )}
      >
        {stories.map((story) => (
          <AdminStoryCard key={story.id} story={story} today={today} onEdit={onEdit} />
        ))}
      </div>
      <ListPagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) =>
          pageHref(
            "/admin/stories",
            { q: search.q, industry: search.industry, featured: search.featured && "1" },
            target,
          )
        }
      />
    </div>
  );
}

/** "17 stories", or with filters on "3 stories match" / "1 story matches". */
function countLine(matching: number, filtered: boolean) {
  const noun = matching === 1 ? "1 story" : `${matching.toLocaleString("en-US")} stories`;
  if (!filtered) return noun;
  return `${noun} ${matching === 1 ? "matches" : "match"}`;
}
