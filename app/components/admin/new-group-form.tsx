import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { FormReply } from "~/lib/form-submission";
import { GROUP_FETCHER_KEY } from "./kiosk-group-card";

/** Adds a group by name; the name field empties once it is added. */
export function NewGroupForm() {
  const fetcher = useFetcher<FormReply>({ key: GROUP_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "create";
  return (
    <fetcher.Form
      method="post"
      action="/admin/kiosks/groups"
      className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-sm"
      onSubmit={(event) => {
        const form = event.currentTarget;
        queueMicrotask(() => form.reset());
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor="new-group-name">New group</Label>
        <Input
          id="new-group-name"
          name="name"
          required
          maxLength={80}
          placeholder="Downtown cafés"
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={busy}>
        <Icon
          name={busy ? "loader-circle" : "plus"}
          className={busy ? "animate-spin" : undefined}
          aria-hidden
        />
        Add Group
      </Button>
    </fetcher.Form>
  );
}
