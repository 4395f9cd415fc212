import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { FormReply } from "~/lib/form-submission";
import { takeoverTextColor } from "~/lib/kiosk-player/takeover";
import { ConfirmKioskAction } from "./confirm-kiosk-action";
import { TAKEOVER_FETCHER_KEY } from "./takeover-form";

interface ListedTakeover {
  id: string;
  headline: string;
  body: string;
  color: string;
  imageTitle: string | null;
  allScreens: boolean;
  groupNames: string[];
  startsAt: string;
  endsAt: string | null;
}

/** The messages on now or to come, newest first, each with Clear. */
export function TakeoverList({ takeovers, timeZone }: { takeovers: ListedTakeover[]; timeZone: string }) {
  const format = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
      new Date(iso),
    );
  const now = Date.now();
  return (
    <section aria-labelledby="takeovers-title" className="space-y-3">
      <h2 id="takeovers-title" className="text-lg font-bold text-ink">
        On now and coming up
      </h2>
      {takeovers.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          No messages. The screens play their ads.
        </p>
      ) : (
        <ul className="space-y-3">
          {takeovers.map((takeover) => (
            <li key={takeover.id}>
              <TakeoverItem
                takeover={takeover}
                on={Date.parse(takeover.startsAt) <= now}
                when={`${format(takeover.startsAt)} → ${takeover.endsAt ? format(takeover.endsAt) : "until cleared"}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TakeoverItem({ takeover, on, when }: { takeover: ListedTakeover; on: boolean; when: string }) {
  const fetcher = useFetcher<FormReply>({ key: TAKEOVER_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === takeover.id;
  return (
    <article aria-label={takeover.headline} className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div
        className="p-4 break-words"
        style={{ backgroundColor: takeover.color, color: takeoverTextColor(takeover.color) }}
      >
        <p className="font-bold">{takeover.headline}</p>
        {takeover.body ? (
          <p className="mt-1 text-sm whitespace-pre-line opacity-90">{takeover.body}</p>
        ) : null}
      </div>
      <div className="space-y-2 p-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          {on ? (
            <Badge className="bg-emerald-600 text-white">On screens now</Badge>
          ) : (
            <Badge variant="secondary">Scheduled</Badge>
          )}
          <span className="text-muted-foreground">{when}</span>
        </div>
        <p>
          <span className="font-medium">Screens:</span>{" "}
          {takeover.allScreens ? "Every screen" : takeover.groupNames.join(", ") || "A deleted group"}
          {takeover.imageTitle ? ` · Picture: ${takeover.imageTitle}` : ""}
        </p>
        <ConfirmKioskAction
          label={`Clear ${takeover.headline}`}
          trigger="Clear"
          icon="x"
          title="Clear this message?"
          description="Clear this message? The screens go back to their ads within seconds."
          confirm="Clear"
          busy={busy}
          onConfirm={() =>
            void fetcher.submit(
              { intent: "clear", id: takeover.id },
              { method: "post", action: "/admin/kiosks/messages" },
            )
          }
        />
      </div>
    </article>
  );
}
