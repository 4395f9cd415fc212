import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

const TYPING_DELAY_MS = 300;

/**
 * The listing search box (docs/product.md#searching). A plain GET form (Enter works before JavaScript loads); with
 * JavaScript it searches as you type, back on page 1, replacing the history entry so Back leaves the dashboard instead
 * of each keystroke.
 */
export function BusinessSearch({ q }: { q: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin";

  // Back/forward changes q under an uncontrolled input; follow it unless the person is typing there.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    const query = String(new FormData(form).get("q") ?? "").trim();
    submit(query ? { q: query } : {}, { method: "get", replace: true, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      role="search"
      aria-label="Search businesses"
      className="relative w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
      }}
    >
      <Label htmlFor="business-search" className="sr-only">
        Search businesses
      </Label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        ref={inputRef}
        id="business-search"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={100}
        autoComplete="off"
        placeholder="Search by name, city or industry"
        className="bg-background pr-9 pl-9"
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          if (form) timer.current = setTimeout(() => send(form), TYPING_DELAY_MS);
        }}
      />
      {searching ? (
        <Icon
          name="loader-circle"
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-label="Searching"
        />
      ) : null}
    </Form>
  );
}
