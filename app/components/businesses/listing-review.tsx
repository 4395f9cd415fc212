import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { ReviewDecision } from "~/components/admin/review-decision";
import { ReviewBusinessSchema, type ManagedBusiness } from "~/lib/business-schemas";
import type { FormReply } from "~/lib/form-submission";
import { LISTING_STATUS_LABELS } from "~/lib/listing-status";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { LISTING_DECISION_KEY, ListingEditNote } from "./listing-edit";

const CLAIM_DECISION_KEY = "claim-decision";

/** The toasts of review and claim decisions, from a component that stays on the page when the cards leave it. */
export function DecisionToasts() {
  const review = useFetcher<FormReply>({ key: LISTING_DECISION_KEY });
  const claim = useFetcher<FormReply>({ key: CLAIM_DECISION_KEY });
  useReplyToast(review.data, review.state === "idle");
  useReplyToast(claim.data, claim.state === "idle");
  return null;
}

/**
 * A listing's review state as its row shows it: a rejected listing shows the reviewer's reason, and a published one
 * its owner's changes waiting for review (or why they were rejected).
 */
export function ListingStatusBadge({
  business,
}: {
  business: Pick<ManagedBusiness, "status" | "rejectionReason" | "edit" | "name">;
}) {
  const variant =
    business.status === "published"
      ? "secondary"
      : business.status === "rejected"
        ? "destructive"
        : "outline";
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge variant={variant}>{LISTING_STATUS_LABELS[business.status]}</Badge>
      {business.status === "rejected" && business.rejectionReason ? (
        <span className="text-xs text-muted-foreground">Reason: {business.rejectionReason}</span>
      ) : null}
      {business.edit ? <ListingEditNote edit={business.edit} name={business.name} /> : null}
    </span>
  );
}

/** An admin's quick decision in a row: publish a listing that is not public, or unpublish one that is. */
export function PublishToggle({ business }: { business: Pick<ManagedBusiness, "id" | "name" | "status"> }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data, fetcher.state === "idle");
  const publish = business.status !== "published";
  return (
    <fetcher.Form method="post" action="/admin">
      <input type="hidden" name="id" value={business.id} />
      <Button
        type="submit"
        name="intent"
        value={publish ? "approve" : "unpublish"}
        variant="ghost"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`${publish ? "Publish" : "Unpublish"} ${business.name}`}
      >
        <Icon name={publish ? "check" : "x"} aria-hidden />
        {publish ? "Publish" : "Unpublish"}
      </Button>
    </fetcher.Form>
  );
}

/** One listing waiting for review on /admin: what it says, who sent it, approve, or reject with a reason. */
export function ListingReviewCard({
  business,
}: {
  business: ManagedBusiness & { ownerEmail: string | null };
}) {
  // The card leaves the queue once decided: DecisionToasts, sharing this fetcher, shows the toast.
  const fetcher = useFetcher<FormReply>({ key: LISTING_DECISION_KEY });

  const [form, fields] = useValidatedForm(ReviewBusinessSchema, {
    id: `review-${business.id}`,
    lastResult: fetcher.data?.id === business.id ? fetcher.data.result : undefined,
  });
  const busy = fetcher.state !== "idle";
  return (
    <article
      aria-labelledby={`review-${business.id}-title`}
      className="rounded-xl border bg-card p-5 shadow-sm"
    >
      <h3 id={`review-${business.id}-title`} className="text-lg font-semibold text-ink">
        {business.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {business.city}, {business.state} {business.zipCode} · sent by{" "}
        {business.ownerEmail ?? "a removed account"}
      </p>
      {business.description ? <p className="mt-2 line-clamp-3 text-sm">{business.description}</p> : null}
      <fetcher.Form method="post" action="/admin" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="id" value={business.id} />
        <ReviewDecision
          reason={fields.reason}
          hint="Needed to reject; the owner reads it in an email."
          maxLength={1000}
          subject={business.name}
          busy={busy}
        />
      </fetcher.Form>
    </article>
  );
}

/** A claim waiting for an admin: who asks for which listing, accept or refuse. */
export function ClaimDecisionCard({
  claim,
}: {
  claim: {
    id: string;
    businessId: string;
    businessName: string;
    claimantEmail: string;
    claimantName: string;
  };
}) {
  const fetcher = useFetcher<FormReply>({ key: CLAIM_DECISION_KEY });

  const busy = fetcher.state !== "idle";
  return (
    <li className="rounded-xl border bg-card p-4 shadow-sm">
      <p className="font-semibold text-ink">
        <a href={`/business/${claim.businessId}`} className="hover:text-primary hover:underline">
          {claim.businessName}
        </a>
      </p>
      <p className="text-sm text-muted-foreground">
        Claimed by {claim.claimantName || claim.claimantEmail} ({claim.claimantEmail})
      </p>
      <fetcher.Form method="post" action="/admin" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="claimId" value={claim.id} />
        <Button type="submit" name="intent" value="claim-approve" size="sm" disabled={busy}>
          <Icon name="check" aria-hidden /> Accept claim
        </Button>
        <Button type="submit" name="intent" value="claim-reject" size="sm" variant="outline" disabled={busy}>
          <Icon name="x" aria-hidden /> Refuse
        </Button>
      </fetcher.Form>
    </li>
  );
}
