import { getFormProps } from "@conform-to/react";
import type { MediaShape } from "~/lib/media-shape";
import { useFetcher } from "react-router";
import { AdPreview, type PreviewMedia } from "./ad-preview";
import { ReviewDecision } from "~/components/admin/review-decision";
import { describeSchedule } from "~/lib/ad-schedule";
import { AdReviewSchema } from "~/lib/ad-schemas";
import type { FormReply } from "~/lib/form-submission";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";

export interface ReviewCardData {
  id: string;
  title: string;
  businessId: string;
  businessName: string;
  owner?: { name: string; email: string };
  media: PreviewMedia;
  shape: MediaShape | null;
  /** The version in the other shape, reviewed with the ad: the screens of that shape play it. */
  alt: { media: PreviewMedia; shape: MediaShape | null } | null;
  videoSeconds: number | null;
  imageSeconds: number | null;
  callToAction: string | null;
  qrTarget: "listing" | "website";
  startsOn: string;
  endsOn: string | null;
  schedule: { days: number[]; start: string; end: string }[];
  radiusMiles: number;
  submittedAt: string | Date;
  qr: string;
  shortLink: string;
}

/** One pending ad in the review queue: the preview, who sent it, for which listing, and approve or reject. */
export function ReviewCard({ ad }: { ad: ReviewCardData }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data, fetcher.state === "idle");
  const [form, fields] = useValidatedForm(AdReviewSchema, {
    id: `review-${ad.id}`,
    lastResult: fetcher.data?.result,
  });
  const busy = fetcher.state !== "idle";

  return (
    <article aria-labelledby={`review-${ad.id}-title`} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
        <AdPreview
          media={ad.media}
          shape={ad.shape}
          alt={ad.alt}
          businessName={ad.businessName}
          callToAction={ad.callToAction}
          qrSvg={ad.qr}
          shortLink={ad.shortLink}
        />
        <div className="flex min-w-0 flex-col gap-3">
          <h3 id={`review-${ad.id}-title`} className="text-lg font-semibold text-ink">
            {ad.title}
          </h3>
          <dl className="grid gap-1 text-sm text-muted-foreground">
            <div>
              <dt className="inline font-medium text-foreground">Advertiser: </dt>
              <dd className="inline">
                {ad.owner ? `${ad.owner.name || ad.owner.email} (${ad.owner.email})` : "Unknown"}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-foreground">Listing: </dt>
              <dd className="inline">
                <a
                  href={`/business/${ad.businessId}`}
                  target="_blank"
                  rel="noreferrer"
                  className="text-primary hover:underline"
                >
                  {ad.businessName}
                </a>
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-foreground">On screen: </dt>
              <dd className="inline">
                {ad.media.kind === "video"
                  ? `Video, ${Math.round(ad.videoSeconds ?? 0)} s`
                  : `Image, ${ad.imageSeconds ?? 10} s`}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-foreground">Runs: </dt>
              <dd className="inline">
                {ad.startsOn} – {ad.endsOn ?? "no end date"}; {describeSchedule(ad.schedule)}; within{" "}
                {ad.radiusMiles === 1 ? "1 mile" : `${ad.radiusMiles} miles`}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-foreground">QR code leads to: </dt>
              <dd className="inline">
                {ad.qrTarget === "website" ? "the listing's website" : "the listing's page"}
              </dd>
            </div>
          </dl>
          <fetcher.Form
            method="post"
            action="/admin/ads"
            {...getFormProps(form)}
            className="mt-auto space-y-3"
          >
            <input type="hidden" name="id" value={ad.id} />
            <ReviewDecision
              reason={fields.reason}
              hint="Needed to reject; the owner reads it."
              maxLength={500}
              subject={ad.title}
              busy={busy}
            />
          </fetcher.Form>
        </div>
      </div>
    </article>
  );
}
