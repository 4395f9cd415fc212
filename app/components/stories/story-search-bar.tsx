import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

const TYPING_DELAY_MS = 300;

/**
 * The industry page's search box and Featured Only toggle. A plain GET form (works before JavaScript loads);
 * with JavaScript it searches as you type and applies the toggle at once, replacing the history entry.
 */
export function StorySearchBar({ q, featuredOnly }: { q: string; featuredOnly: boolean }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward changes q under an uncontrolled input; follow it unless the person is typing there.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // While a search is in flight, show the toggle as it will be.
  const pending = navigation.location ? new URLSearchParams(navigation.location.search) : null;
  const checked = pending ? pending.get("featured") === "1" : featuredOnly;

  const send = (featured: boolean) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    const query = (new FormData(form).get("q") ?? "").toString().trim();
    if (query) params.set("q", query);
    if (featured) params.set("featured", "1");
    submit(params, { method: "get", replace: true, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Search stories"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        send(checked);
      }}
    >
      <div className="relative flex-1">
        <Label htmlFor="story-search" className="sr-only">
          Search stories
        </Label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={inputRef}
          id="story-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search by title, author or description"
          className="pl-9"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(checked), TYPING_DELAY_MS);
          }}
        />
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-start">
        <div className="flex items-center gap-2">
          <Switch
            id="featured-only"
            name="featured"
            value="1"
            checked={checked}
            onCheckedChange={(next) => send(next)}
          />
          <Label htmlFor="featured-only" className="cursor-pointer">
            Featured Only
          </Label>
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </Form>
  );
}
