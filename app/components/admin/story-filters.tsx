import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { Switch } from "~/components/ui/switch";
import type { AdminStorySearch } from "~/lib/admin-story-schemas";

const TYPING_DELAY_MS = 300;
const PATH = "/admin/stories";

/**
 * The panel's search box (title or author), industry filter and Featured Only toggle
 * (docs/product.md#shine-stories-panel). They live in the URL and are applied by the loader's query. A plain GET form
 * before JavaScript loads; with it, the list follows as you type or change a filter, replacing the history entry so
 * Back leaves the panel.
 */
export function StoryFilters({ search }: { search: AdminStorySearch }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;

  // Back/forward changes q under an uncontrolled input; follow it unless the person is typing there.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = search.q;
  }, [search.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // While the list reloads, show the controls as they will be.
  const pending = loading ? new URLSearchParams(navigation.location.search) : null;
  const featured = pending ? pending.get("featured") === "1" : search.featured;
  const industry = pending ? (pending.get("industry") ?? "") : (search.industry ?? "");

  const send = (changes: { featured?: boolean; industry?: string } = {}) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    const q = String(new FormData(form).get("q") ?? "").trim();
    const nextIndustry = changes.industry ?? industry;
    if (q) params.set("q", q);
    if (nextIndustry) params.set("industry", nextIndustry);
    if (changes.featured ?? featured) params.set("featured", "1");
    submit(params, { method: "get", action: PATH, replace: true, preventScrollReset: true });
  };
  const filtered = Boolean(search.q || search.industry || search.featured);

  return (
    <Form
      ref={formRef}
      method="get"
      action={PATH}
      role="search"
      aria-label="Filter stories"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm lg:flex-row lg:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="relative flex-1">
        <Label htmlFor="admin-story-search" className="sr-only">
          Search stories
        </Label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          ref={inputRef}
          id="admin-story-search"
          type="search"
          name="q"
          defaultValue={search.q}
          maxLength={100}
          autoComplete="off"
          placeholder="Search by title or author"
          className="pr-9 pl-9"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(), TYPING_DELAY_MS);
          }}
        />
        {loading ? (
          <Icon
            name="loader-circle"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-label="Loading stories"
          />
        ) : null}
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex items-center gap-2">
          <Label htmlFor="admin-story-industry" className="shrink-0">
            Industry
          </Label>
          <IndustrySelect
            blank="All Industries"
            id="admin-story-industry"
            name="industry"
            value={industry}
            wrapperClassName="sm:w-56"
            onChange={(event) => send({ industry: event.currentTarget.value })}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            <Switch
              id="admin-story-featured"
              name="featured"
              value="1"
              checked={featured}
              onCheckedChange={(next) => send({ featured: next })}
            />
            <Label htmlFor="admin-story-featured" className="cursor-pointer whitespace-nowrap">
              Featured Only
            </Label>
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
        {filtered ? (
          <Link
            to={PATH}
            replace
            className="text-sm font-semibold whitespace-nowrap text-primary hover:underline"
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
