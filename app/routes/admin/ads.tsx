import { redirect, useFetcher } from "react-router";
import type { Route } from "./+types/ads";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { AdStatusBadge } from "~/components/ads/ad-status-badge";
import { PauseButton } from "~/components/ads/pause-button";
import { ReviewCard } from "~/components/ads/review-card";
import { TargetingReviewCard } from "~/components/ads/targeting-review-card";
import { AD_TOASTS, AdReviewSchema } from "~/lib/ad-schemas";
import type { FormReply } from "~/lib/form-submission";
import { useReplyToast } from "~/lib/use-reply-toast";
import { listAdsForReview, reviewAd, reviewAdTargeting, setAdPausedByAdmin } from "~/.server/ads/review";
import { qrSvg } from "~/.server/ads/qr";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireAdmin } from "~/.server/auth/guards";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Ad review | Local Shine" },
  { name: "robots", content: "noindex" },
];

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const services = getServicesFrom(context);
  const result = await listAdsForReview(services, viewer);
  if (!result.ok) throw redirect("/dashboard");
  const queue = await Promise.all(
    result.queue.map(async (ad) => {
      const shortLink = `${services.env.APP_URL}/q/${ad.shortCode}`;
      return { ...ad, shortLink, qr: await qrSvg(shortLink) };
    }),
  );
  return { queue, targeting: result.targeting, recent: result.recent };
}

/** Approve, reject (with a reason), pause and resume; the domain functions refuse anyone but an admin. */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: AdReviewSchema,
    failed: AD_TOASTS.actionFailed,
    async act(input, { viewer, services, log }) {
      if (input.intent === "approve" || input.intent === "reject") {
        const result = await reviewAd(services, viewer, input.id, input);
        if (!result.ok) {
          log.info({ status: result.status, userId: viewer.id, adId: input.id }, "ad review refused");
          return formReply({ ok: false, toast: AD_TOASTS.actionFailed }, result.status);
        }
        log.info({ userId: viewer.id, adId: input.id, decision: input.intent }, "ad reviewed");
        return formReply({
          ok: true,
          intent: input.intent,
          id: input.id,
          toast: input.intent === "approve" ? AD_TOASTS.approved : AD_TOASTS.rejected,
        });
      }
      if (input.intent === "approve-targeting" || input.intent === "reject-targeting") {
        const result = await reviewAdTargeting(services, viewer, input.id, input);
        if (!result.ok) {
          log.info(
            { status: result.status, userId: viewer.id, adId: input.id },
            "ad targeting review refused",
          );
          return formReply({ ok: false, toast: AD_TOASTS.actionFailed }, result.status);
        }
        log.info({ userId: viewer.id, adId: input.id, decision: input.intent }, "ad targeting reviewed");
        return formReply({
          ok: true,
          intent: input.intent,
          id: input.id,
          toast:
            input.intent === "approve-targeting" ? AD_TOASTS.targetingApproved : AD_TOASTS.targetingRejected,
        });
      }
      const result = await setAdPausedByAdmin(services, viewer, input.id, input.intent === "pause");
      if (!result.ok) return formReply({ ok: false, toast: AD_TOASTS.actionFailed }, result.status);
      return formReply({
        ok: true,
        intent: input.intent,
        id: input.id,
        toast: input.intent === "pause" ? AD_TOASTS.paused : AD_TOASTS.resumed,
      });
    },
  });
}

export default function AdReview({ loaderData }: Route.ComponentProps) {
  const { queue, targeting, recent } = loaderData;
  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Ad review"
        description="Owners' ads wait here, oldest first, once their media is ready for screens, and so do approved ads' new distances. Approve, or reject with a reason the owner will read; either way they are emailed."
      />
      <section className="container-page space-y-4 py-10" aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="text-xl font-semibold">
          Awaiting review <span className="text-muted-foreground">({queue.length})</span>
        </h2>
        {queue.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
            Nothing is waiting for review.
          </p>
        ) : (
          <ul className="space-y-4">
            {queue.map((ad) => (
              <li key={ad.id}>
                <ReviewCard ad={ad} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {targeting.length > 0 ? (
        <section className="container-page space-y-4 pb-10" aria-labelledby="targeting-heading">
          <h2 id="targeting-heading" className="text-xl font-semibold">
            Distance changes <span className="text-muted-foreground">({targeting.length})</span>
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Approved ads whose owners asked to play on kiosks at a new distance. They keep playing at the live
            distance until you approve.
          </p>
          <ul className="grid gap-4 lg:grid-cols-2">
            {targeting.map((ad) => (
              <li key={ad.id}>
                <TargetingReviewCard ad={ad} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="container-page space-y-4 pb-14" aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-xl font-semibold">
          All ads
        </h2>
        {recent.length === 0 ? (
          <p className="text-muted-foreground">No ads yet.</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-card">
            {recent.map((ad) => (
              <RecentAdRow key={ad.id} ad={ad} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function RecentAdRow({ ad }: { ad: Route.ComponentProps["loaderData"]["recent"][number] }) {
  const fetcher = useFetcher<FormReply>();
  useReplyToast(fetcher.data, fetcher.state === "idle");
  const paused = ad.status === "paused";
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">{ad.title}</p>
        <p className="text-sm text-muted-foreground">
          {ad.businessName} · {ad.owner?.email}
          {ad.reason ? ` · ${ad.reason}` : ""}
        </p>
      </div>
      <AdStatusBadge status={ad.status} />
      {ad.status !== "ended" ? (
        <PauseButton fetcher={fetcher} action="/admin/ads" id={ad.id} title={ad.title} paused={paused} />
      ) : null}
    </li>
  );
}
