import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { InboxItem } from "~/lib/admin-inbox-schemas";
import { cn } from "~/lib/cn";
import type { FormReply } from "~/lib/form-submission";
import { DeliveryBadge } from "./delivery-badge";

/** Every inbox card's mark-as-handled shares one keyed fetcher, so the page can show its result toast. */
export const INBOX_FETCHER_KEY = "inbox-item";

const KIND = {
  story_submission: { label: "Story submission", icon: "sparkles" },
  business_application: { label: "Join Our Network", icon: "building-complex" },
  contact_message: { label: "Contact message", icon: "message-square-text" },
} as const;

/** `iso` in the site's zone, en-US long date with the time (docs/product.md#dates-and-numbers). */
function formatReceived(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
}

/** One submission, application or message: who, when, what, the email's delivery status, and what to do next. */
export function InboxItemCard({
  item,
  timeZone,
  onCreateStory,
}: {
  item: InboxItem;
  timeZone: string;
  onCreateStory: (item: Extract<InboxItem, { kind: "story_submission" }>) => void;
}) {
  const titleId = useId();
  const fetcher = useFetcher<FormReply>({ key: INBOX_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  const { label, icon } = KIND[item.kind];
  const handled = item.handledAt !== null;
  const who =
    item.kind === "story_submission"
      ? `${item.firstName} ${item.lastName}`
      : item.kind === "business_application"
        ? item.businessName
        : item.name;
  const email = item.email;

  return (
    <article
      aria-labelledby={titleId}
      className={cn("rounded-xl border bg-card p-5 shadow-sm", handled && "bg-muted/40")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon name={icon} className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-primary uppercase">{label}</p>
            <h2 id={titleId} className="text-lg font-bold break-words text-ink">
              {who}
            </h2>
            <p className="text-xs text-muted-foreground">
              Received <time dateTime={item.receivedAt}>{formatReceived(item.receivedAt, timeZone)}</time>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <DeliveryBadge delivery={item.delivery} />
          {handled ? (
            <Badge variant="secondary" className="gap-1">
              <Icon name="check" aria-hidden />
              Handled
            </Badge>
          ) : null}
        </div>
      </div>

      <div className="mt-4 space-y-2 text-sm">
        {item.kind === "business_application" ? (
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-muted-foreground">Phone</dt>
            <dd>{item.phoneNumber ?? "—"}</dd>
            <dt className="font-medium text-muted-foreground">Email</dt>
            <dd className="break-all">{item.email ?? "—"}</dd>
            <dt className="font-medium text-muted-foreground">Website</dt>
            <dd className="break-all">{item.website ?? "—"}</dd>
            <dt className="font-medium text-muted-foreground">Address</dt>
            <dd>{item.address ?? "—"}</dd>
          </dl>
        ) : (
          <p className="max-h-60 overflow-y-auto break-words whitespace-pre-line text-foreground/90">
            {item.kind === "story_submission" ? item.story : item.message}
          </p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t pt-4">
        {email ? (
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${email}`} aria-label={`Email ${who}`}>
              <Icon name="mail" aria-hidden />
              <span className="max-w-56 truncate">{email}</span>
            </a>
          </Button>
        ) : null}
        {item.kind === "story_submission" ? (
          <Button type="button" variant="warm" size="sm" onClick={() => onCreateStory(item)}>
            <Icon name="square-pen" aria-hidden />
            Create story
          </Button>
        ) : null}
        <fetcher.Form method="post" action="/admin/inbox" className="ml-auto">
          <input type="hidden" name="intent" value={handled ? "reopen" : "handle"} />
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" size="sm" variant={handled ? "ghost" : "default"} disabled={busy}>
            {busy ? (
              <Icon name="loader-circle" className="animate-spin" aria-hidden />
            ) : handled ? (
              <Icon name="rotate-ccw" aria-hidden />
            ) : (
              <Icon name="check" aria-hidden />
            )}
            {handled ? "Reopen" : "Mark as handled"}
          </Button>
        </fetcher.Form>
      </div>
    </article>
  );
}
