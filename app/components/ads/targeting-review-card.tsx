import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { ReviewDecision } from "~/components/admin/review-decision";
import { AdReviewSchema } from "~/lib/ad-schemas";
import type { FormReply } from "~/lib/form-submission";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { miles } from "./targeting-note";

/**
 * An approved ad whose owner asked for a new distance (docs/decisions/076-reviewed-edits.md): the change as
 * live → proposed, and approve or reject. Until approved the kiosks keep the live distance.
 */
export function TargetingReviewCard({
  ad,
}: {
  ad: {
    id: string;
    title: string;
    businessId: string;
    businessName: string;
    owner?: { name: string; email: string };
    radiusMiles: number;
    pendingRadiusMiles: number | null;
  };
}) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data, fetcher.state === "idle");
  const [form, fields] = useValidatedForm(AdReviewSchema, {
    id: `targeting-${ad.id}`,
    lastResult: fetcher.data?.result,
  });
  if (ad.pendingRadiusMiles === null) return null;
  return (
    <article
      aria-labelledby={`targeting-${ad.id}-title`}
      className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <h3 id={`targeting-${ad.id}-title`} className="text-lg font-semibold text-ink">
        New distance for {ad.title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        For{" "}
        <a href={`/business/${ad.businessId}`} className="text-primary hover:underline">
          {ad.businessName}
        </a>
        {ad.owner ? ` · sent by ${ad.owner.email}` : ""}
      </p>
      <dl className="mt-3 rounded-lg border bg-background p-3 text-sm">
        <dt className="font-semibold text-ink">Kiosks within</dt>
        <dd className="mt-1.5 grid gap-1.5">
          <p className="flex gap-2">
            <span className="w-20 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Live
            </span>
            <span className="text-muted-foreground line-through">{miles(ad.radiusMiles)}</span>
          </p>
          <p className="flex gap-2">
            <span className="w-20 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Proposed
            </span>
            <span className="font-medium text-ink">{miles(ad.pendingRadiusMiles)}</span>
          </p>
        </dd>
      </dl>
      <fetcher.Form method="post" action="/admin/ads" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="id" value={ad.id} />
        <ReviewDecision
          reason={fields.reason}
          hint="Needed to reject; the owner reads it. The ad keeps its distance."
          maxLength={500}
          subject={`new distance for ${ad.title}`}
          busy={fetcher.state !== "idle"}
          intents={{ approve: "approve-targeting", reject: "reject-targeting" }}
        />
      </fetcher.Form>
    </article>
  );
}
