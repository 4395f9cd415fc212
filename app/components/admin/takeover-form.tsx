import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError, replyFields } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FormReply } from "~/lib/form-submission";
import { DEFAULT_TAKEOVER_COLOR } from "~/lib/kiosk-group-schemas";
import { takeoverTextColor } from "~/lib/kiosk-player/takeover";

/** The form and the list's Clear buttons share one keyed fetcher, so the page shows their toasts. */
export const TAKEOVER_FETCHER_KEY = "kiosk-takeover";

const FIELDS = ["headline", "body", "color", "mediaId", "groupIds", "startsAt", "endsAt"] as const;

/** Publish a priority message: what it says, how it looks, which screens, when. */
export function TakeoverForm({
  groups,
  images,
  preselectedGroup,
  timeZone,
}: {
  groups: { id: string; name: string; kiosks: number }[];
  images: { id: string; title: string }[];
  preselectedGroup: string | null;
  timeZone: string;
}) {
  const fetcher = useFetcher<FormReply>({ key: TAKEOVER_FETCHER_KEY });
  const [, fields] = replyFields("takeover", FIELDS, fetcher.data?.result);
  const [audience, setAudience] = useState<"all" | "groups">(preselectedGroup ? "groups" : "all");
  const [color, setColor] = useState(DEFAULT_TAKEOVER_COLOR);
  const [headline, setHeadline] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "publish";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "publish") {
      form.current?.reset();
      setHeadline("");
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/admin/kiosks/messages"
      className="space-y-5 rounded-xl border bg-card p-5 shadow-sm"
      aria-labelledby="takeover-title"
    >
      <h2 id="takeover-title" className="text-lg font-bold text-ink">
        New message
      </h2>
      <input type="hidden" name="intent" value="publish" />
      <Field field={fields.headline} label="Headline" required>
        <Input required maxLength={80} onChange={(event) => setHeadline(event.target.value)} />
      </Field>
      <Field field={fields.body} label="Text" markOptional>
        <Textarea rows={3} maxLength={400} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={{ ...fields.color, defaultValue: DEFAULT_TAKEOVER_COLOR }} label="Colour">
          <Input type="color" className="h-10 p-1" onChange={(event) => setColor(event.target.value)} />
        </Field>
        <Field
          field={fields.mediaId}
          label="Picture"
          markOptional
          hint={images.length ? undefined : "Upload a picture in your media library to show one."}
        >
          <NativeSelect disabled={images.length === 0}>
            <option value="">No picture</option>
            {images.map((image) => (
              <option key={image.id} value={image.id}>
                {image.title}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div
        className="rounded-lg p-4 text-center text-sm font-bold break-words"
        style={{ backgroundColor: color, color: takeoverTextColor(color) }}
        aria-hidden
      >
        {headline || "Your headline"}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Screens</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="audience"
            value="all"
            checked={audience === "all"}
            onChange={() => setAudience("all")}
            className="size-4 accent-primary"
          />
          Every screen
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="audience"
            value="groups"
            checked={audience === "groups"}
            onChange={() => setAudience("groups")}
            disabled={groups.length === 0}
            className="size-4 accent-primary"
          />
          Only these groups
        </label>
        {audience === "groups" ? (
          <ul className="ml-6 space-y-1">
            {groups.map((group) => (
              <li key={group.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="groupIds"
                    value={group.id}
                    defaultChecked={group.id === preselectedGroup}
                    className="size-4 accent-primary"
                  />
                  {group.name}{" "}
                  <span className="text-muted-foreground">
                    ({group.kiosks === 1 ? "1 kiosk" : `${group.kiosks} kiosks`})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id="takeover-groupIds-error" errors={fields.groupIds.errors} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.startsAt} label="Starts" hint="Empty: now.">
          <Input type="datetime-local" />
        </Field>
        <Field field={fields.endsAt} label="Ends" hint="Empty: until you clear it.">
          <Input type="datetime-local" />
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">Times are {timeZone.replaceAll("_", " ")} time.</p>
      <Button type="submit" disabled={busy}>
        <Icon
          name={busy ? "loader-circle" : "megaphone"}
          className={busy ? "animate-spin" : undefined}
          aria-hidden
        />
        Publish Message
      </Button>
    </fetcher.Form>
  );
}
