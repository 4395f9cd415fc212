import { Link } from "react-router";
import type { Route } from "./+types/ads";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { AdCard, useAdActionToasts } from "~/components/ads/ad-card";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { AD_TOASTS, AdIntentSchema } from "~/lib/ad-schemas";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { deleteAd, listAdsForOwner, setAdPausedByOwner } from "~/.server/ads/owner-ads";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireUser } from "~/.server/auth/guards";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "My Ads | Local Shine" },
  { name: "description", content: "Your kiosk ads: their status, schedule and short links." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const services = getServicesFrom(context);
  const ads = await listAdsForOwner(services, viewer);
  return {
    ads: ads.map((ad) => ({ ...ad, shortLink: `${services.env.APP_URL}/q/${ad.shortCode}` })),
    processing: ads.some((ad) => ad.status === "processing"),
  };
}

/** Pause, resume and delete, on the viewer's own ads only (the domain's WHERE clause). */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: AdIntentSchema,
    failed: AD_TOASTS.actionFailed,
    async act({ intent, id }, { viewer, services, log }) {
      if (intent === "delete") {
        const result = await deleteAd(services, viewer, id);
        if (!result.ok) return formReply({ ok: false, toast: AD_TOASTS.notFound }, 404);
        log.info({ userId: viewer.id, adId: id }, "ad deleted");
        return formReply({ ok: true, intent, id, toast: AD_TOASTS.deleted });
      }
      const result = await setAdPausedByOwner(services, viewer, id, intent === "pause");
      if (!result.ok) {
        const toast = result.status === 409 ? AD_TOASTS.adminPaused : AD_TOASTS.notFound;
        return formReply({ ok: false, toast }, result.status);
      }
      return formReply({
        ok: true,
        intent,
        id,
        toast: intent === "pause" ? AD_TOASTS.paused : AD_TOASTS.resumed,
      });
    },
  });
}

export default function MyAds({ loaderData }: Route.ComponentProps) {
  const { ads, processing } = loaderData;
  useAdActionToasts();
  useRevalidateWhile(processing);
  return (
    <>
      <DashboardHeader
        eyebrow="Kiosk ads"
        title="My Ads"
        description="Turn your images and videos into ads for the kiosk screens near your business. Every ad is reviewed by our team before it plays."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/dashboard">
                <Icon name="image" aria-hidden /> Your media
              </Link>
            </Button>
            <Button asChild>
              <Link to="/dashboard/ads/new">
                <Icon name="plus" aria-hidden /> New ad
              </Link>
            </Button>
          </>
        }
      />
      <section className="container-page py-10" aria-labelledby="ads-heading">
        <h2 id="ads-heading" className="mb-6 text-xl font-semibold">
          Your Ads
        </h2>
        {ads.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-card p-10 text-center">
            <Icon name="monitor-play" className="mx-auto size-10 text-primary" aria-hidden />
            <p className="mt-3 text-lg font-semibold">No ads yet</p>
            <p className="mx-auto mt-1 max-w-md text-muted-foreground">
              Upload an image or a short video on your dashboard, then make it an ad: pick the listing, when
              it plays and what the QR code says.
            </p>
            <Button asChild className="mt-5">
              <Link to="/dashboard/ads/new">Make your first ad</Link>
            </Button>
          </div>
        ) : (
          <ul className="space-y-4">
            {ads.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
