import { Link, useFetcher } from "react-router";
import { AdStatusBadge } from "./ad-status-badge";
import { PauseButton } from "./pause-button";
import { TargetingNote } from "./targeting-note";
import { Button } from "~/components/ui/button";
import { ConfirmDeleteButton } from "~/components/ui/confirm-delete-button";
import { Icon } from "~/components/ui/icon";
import { describeSchedule } from "~/lib/ad-schedule";
import type { AdStatus } from "~/lib/ad-schemas";
import type { ListingStatus } from "~/lib/listing-status";
import { cn } from "~/lib/cn";
import type { FormReply } from "~/lib/form-submission";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";

export const AD_FETCHER_KEY = "ad-action";

/** Call once on the page: shows the toasts of pause, resume and delete. */
export function useAdActionToasts() {
  useFetcherReplyToast(AD_FETCHER_KEY);
}

export interface AdCardData {
  id: string;
  title: string;
  businessName: string;
  businessStatus: ListingStatus;
  status: AdStatus;
  reason: string | null;
  pausedByAdmin: boolean;
  startsOn: string;
  endsOn: string | null;
  schedule: { days: number[]; start: string; end: string }[];
  media: { kind: "image" | "video"; src: string; poster: string | null; ready: boolean };
  shortLink: string;
  scans: number;
  radiusMiles: number;
  pendingRadiusMiles: number | null;
  targetingRejectionReason: string | null;
}

function formatDate(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** One of the owner's ads: its status (and why, when rejected), when it plays, and its buttons. */
export function AdCard({ ad }: { ad: AdCardData }) {
  const fetcher = useFetcher<FormReply>({ key: AD_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === ad.id;
  const paused = ad.status === "paused";
  const canToggle = ad.status !== "ended" && !(paused && ad.pausedByAdmin);

  return (
    <article
      aria-labelledby={`ad-${ad.id}-title`}
      aria-busy={busy}
      className={cn(
        "flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row",
        busy && "opacity-60",
      )}
    >
      <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-ink sm:w-48">
        {ad.media.kind === "image" ? (
          <img src={ad.media.src} alt="" className="size-full object-contain" loading="lazy" />
        ) : ad.media.poster ? (
          <img src={ad.media.poster} alt="" className="size-full object-contain" loading="lazy" />
        ) : (
          <div className="grid size-full place-items-center text-white/70">
            <Icon name="clapperboard" className="size-8" aria-hidden />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`ad-${ad.id}-title`} className="text-lg font-semibold text-ink">
            {ad.title}
          </h3>
          <AdStatusBadge status={ad.status} />
        </div>
        {ad.status === "rejected" && ad.reason ? (
          <p
            className="rounded-md bg-destructive/5 px-3 py-2 text-sm text-destructive"
            data-testid="rejection-reason"
          >
            <span className="font-semibold">Why: </span>
            {ad.reason}
          </p>
        ) : null}
        {ad.status === "pending" && ad.businessStatus === "pending" ? (
          <p className="text-sm text-muted-foreground" data-testid="listing-pending-hint">
            Its listing, {ad.businessName}, is waiting for review too: our team reviews both, and the ad plays
            once both are approved.
          </p>
        ) : null}
        <TargetingNote ad={ad} />
        {paused && ad.pausedByAdmin ? (
          <p className="text-sm text-muted-foreground">Paused by an admin. Contact us to have it resumed.</p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
          <div>
            <dt className="inline font-medium text-foreground">For: </dt>
            <dd className="inline">{ad.businessName}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-foreground">Runs: </dt>
            <dd className="inline">
              {formatDate(ad.startsOn)} – {ad.endsOn ? formatDate(ad.endsOn) : "no end date"}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-foreground">When: </dt>
            <dd className="inline">{describeSchedule(ad.schedule)}</dd>
          </div>
          <div className="min-w-0 truncate">
            <dt className="inline font-medium text-foreground">Short link: </dt>
            <dd className="inline">{ad.shortLink}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-foreground">QR scans: </dt>
            <dd className="inline" data-testid="ad-scans">
              {ad.scans.toLocaleString("en-US")}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/dashboard/ads/${ad.id}`} aria-label={`Edit ${ad.title}`}>
              <Icon name="pencil" aria-hidden /> Edit
            </Link>
          </Button>
          {canToggle ? (
            <PauseButton
              fetcher={fetcher}
              action="/dashboard/ads"
              id={ad.id}
              title={ad.title}
              paused={paused}
            />
          ) : null}
          <ConfirmDeleteButton
            fetcherKey={AD_FETCHER_KEY}
            id={ad.id}
            action="/dashboard/ads"
            label={`Delete ${ad.title}`}
            title="Delete this ad?"
            description={`Are you sure you want to delete “${ad.title}”? It stops playing on the kiosks. Its media stays on your dashboard, and the plays and scans it earned stay in your results.`}
          />
        </div>
      </div>
    </article>
  );
}
