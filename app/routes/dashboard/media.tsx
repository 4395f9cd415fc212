import { useEffect } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { Route } from "./+types/media";
import type { loader as rootLoader } from "~/root";
import { useDeleteMediaToasts } from "~/components/dashboard/media-card";
import { MediaGrid } from "~/components/dashboard/media-grid";
import { UploadMediaDialog } from "~/components/dashboard/upload-media-dialog";
import { notify } from "~/components/ui/toast";
import { DeleteMediaSchema, MEDIA_TOASTS } from "~/lib/media";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { AdminOverview, type AdminOverviewData } from "~/components/admin/admin-overview";
import { requireUser, type Viewer } from "~/.server/auth/guards";
import { getAdminOverview } from "~/.server/admin/overview";
import { getBackupStatus } from "~/.server/backup/schedule";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { deleteMedia, listMediaForOwner } from "~/.server/media/media";
import { getOwnerProgress } from "~/.server/ads/owner-progress";
import { GettingStarted } from "~/components/dashboard/getting-started";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | Local Shine" },
  { name: "description", content: "Upload and manage the images and videos for your Local Shine kiosk ads." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const services = getServicesFrom(context);
  const timeZone = services.env.SITE_TIMEZONE;
  try {
    const [media, progress, overview] = await Promise.all([
      listMediaForOwner(services, viewer),
      getOwnerProgress(services.db, viewer),
      viewer.isAdmin ? loadAdminOverview(services, viewer) : null,
    ]);
    return { media, progress, overview, loadError: false, timeZone };
  } catch (error) {
    // docs/product.md#toasts: the page still renders, with the 'Failed to load media files.' toast.
    getRequestInfo(context).log.error({ err: error, userId: viewer.id }, "media list failed to load");
    return { media: [], progress: null, overview: null, loadError: true, timeZone };
  }
}

/** An admin lands here after signing in: what waits for them comes first (docs/product.md#admin-overview). */
async function loadAdminOverview(
  services: ReturnType<typeof getServicesFrom>,
  viewer: Viewer,
): Promise<AdminOverviewData | null> {
  const [overview, backup] = await Promise.all([
    getAdminOverview(services.db, viewer),
    getBackupStatus(services.env),
  ]);
  if (!overview.ok) return null;
  const { ok: _ok, ...counts } = overview;
  return { ...counts, backup: { summary: backup.summary, failed: backup.failure !== null } };
}

/** Delete (docs/product.md#deleting) from a card's confirmation; uploads go to /dashboard/media because they stream. */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: DeleteMediaSchema,
    failed: MEDIA_TOASTS.deleteFailed,
    async act({ id }, { viewer, services }) {
      const result = await deleteMedia(services, viewer, id);
      if (!result.ok) return formReply({ ok: false, toast: MEDIA_TOASTS.deleteFailed }, result.status);
      return formReply({ ok: true, intent: "delete", id, toast: MEDIA_TOASTS.deleted });
    },
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { media, progress, overview, loadError, timeZone } = loaderData;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.viewer);
  useDeleteMediaToasts();
  // Cards show Processing until the job is done: look again every few seconds until none is.
  useRevalidateWhile(media.some((item) => item.processingStatus === "processing"));

  useEffect(() => {
    if (loadError) notify(MEDIA_TOASTS.loadFailed);
  }, [loadError]);

  return (
    <>
      <DashboardHeader
        eyebrow="Media dashboard"
        title="Welcome to Your Dashboard"
        description="Upload the images and videos for your kiosk ads. Everything here is yours alone: other owners never see it."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/dashboard/results">
                <Icon name="trending-up" aria-hidden /> Results
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/ads">
                <Icon name="monitor-play" aria-hidden /> My Ads
              </Link>
            </Button>
            <UploadMediaDialog signedIn={signedIn} />
          </>
        }
      />
      {overview ? <AdminOverview data={overview} /> : null}
      {progress ? <GettingStarted progress={progress} /> : null}
      <section className="container-page py-10" aria-labelledby="media-heading">
        <div className="mb-6 flex items-baseline justify-between gap-4">
          <h2 id="media-heading" className="text-xl font-semibold">
            Your Media
          </h2>
          {media.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              {media.length === 1 ? "1 file" : `${media.length} files`}
            </p>
          ) : null}
        </div>
        <MediaGrid items={media} timeZone={timeZone} loadError={loadError} />
      </section>
    </>
  );
}
