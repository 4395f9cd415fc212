import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { ReviewDecision } from "~/components/admin/review-decision";
import { Badge } from "~/components/ui/badge";
import { ReviewListingEditSchema } from "~/lib/business-schemas";
import type { FormReply } from "~/lib/form-submission";
import { sizedImageUrl } from "~/lib/image-url";
import type { ListingChange, ListingEdit } from "~/lib/listing-edits";
import { useValidatedForm } from "~/lib/use-validated-form";

// An owner's edit of a published listing (docs/decisions/076-reviewed-edits.md): what it changes, as the owner's
// dashboard and the admin's review queue show it. One column of "field, live → proposed" so it reads at 360 px.

/** Shares the toasts of /admin's decisions (DecisionToasts in ./listing-review). */
export const LISTING_DECISION_KEY = "listing-decision";

function ChangeValue({ change, side }: { change: ListingChange; side: "from" | "to" }) {
  const value = change[side];
  const label = side === "from" ? "Live" : "Proposed";
  return (
    <p className="flex min-w-0 items-start gap-2">
      <span className="w-20 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </span>
      {value === null ? (
        <span className="text-muted-foreground italic">{side === "from" ? "Empty" : "Removed"}</span>
      ) : change.kind === "image" ? (
        <img
          src={sizedImageUrl(value, 160)}
          alt={`${label} ${change.label.toLowerCase()}`}
          className="h-20 w-28 rounded-md border object-cover"
          loading="lazy"
        />
      ) : (
        <span
          className={`min-w-0 [overflow-wrap:anywhere] whitespace-pre-line ${side === "from" ? "text-muted-foreground line-through" : "font-medium text-ink"}`}
        >
          {value}
        </span>
      )}
    </p>
  );
}

/** The changed fields, each with its live and its proposed value. */
export function ListingChangeList({ changes }: { changes: ListingChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">Nothing differs any more.</p>;
  return (
    <dl className="divide-y rounded-lg border bg-background text-sm">
      {changes.map((change) => (
        <div key={change.field} className="grid gap-1.5 p-3">
          <dt className="font-semibold text-ink">{change.label}</dt>
          <dd className="grid gap-1.5">
            <ChangeValue change={change} side="from" />
            <ChangeValue change={change} side="to" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Under a listing's status on the dashboard: its edit waiting for review, or why the last one was rejected. */
export function ListingEditNote({ edit, name }: { edit: ListingEdit; name: string }) {
  const pending = edit.status === "pending";
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      <Badge variant={pending ? "outline" : "destructive"}>
        {pending ? "Changes waiting for review" : "Changes not approved"}
      </Badge>
      {!pending && edit.reason ? (
        <span className="text-xs whitespace-normal text-muted-foreground">Reason: {edit.reason}</span>
      ) : null}
      <details className="w-full max-w-md text-left text-xs whitespace-normal">
        <summary className="cursor-pointer text-primary hover:underline">
          What changed<span className="sr-only"> in {name}</span>
        </summary>
        <div className="mt-2">
          <ListingChangeList changes={edit.changes} />
        </div>
      </details>
    </div>
  );
}

/** One owner's edit in /admin's "Changes to review": the changes, who sent them, approve or reject with a reason. */
export function ListingEditReviewCard({
  review,
}: {
  review: { id: string; name: string; ownerEmail: string | null; edit: ListingEdit };
}) {
  const fetcher = useFetcher<FormReply>({ key: LISTING_DECISION_KEY });
  const [form, fields] = useValidatedForm(ReviewListingEditSchema, {
    id: `review-edit-${review.id}`,
    lastResult: fetcher.data?.id === review.id ? fetcher.data.result : undefined,
  });
  const subject = `changes to ${review.name}`;
  return (
    <article
      aria-labelledby={`review-edit-${review.id}-title`}
      className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <h3 id={`review-edit-${review.id}-title`} className="text-lg font-semibold text-ink">
        Changes to{" "}
        <a href={`/business/${review.id}`} className="hover:text-primary hover:underline">
          {review.name}
        </a>
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Sent by {review.ownerEmail ?? "a removed account"} on{" "}
        {new Date(review.edit.submittedAt).toISOString().slice(0, 10)}
      </p>
      <div className="mt-3">
        <ListingChangeList changes={review.edit.changes} />
      </div>
      <fetcher.Form method="post" action="/admin" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="id" value={review.id} />
        <ReviewDecision
          reason={fields.reason}
          hint="Needed to reject; the owner reads it in an email. The listing stays as it is."
          maxLength={1000}
          subject={subject}
          busy={fetcher.state !== "idle"}
          intents={{ approve: "approve-edit", reject: "reject-edit" }}
        />
      </fetcher.Form>
    </article>
  );
}
