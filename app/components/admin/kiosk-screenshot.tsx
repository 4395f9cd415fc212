import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/lib/form-submission";
import type { AdminKiosk } from "~/lib/kiosk-schemas";

/**
 * What is on the kiosk's screen now (docs/product.md#what-is-on-the-screen): the screen's last picture with its time,
 * and a button that asks the screen for a new one (it comes with the screen's next heartbeat; the page re-reads the
 * fleet every 30 seconds). The request goes through the cards' shared fetcher, so the page shows its toast.
 */
export function KioskScreenshot({
  kiosk,
  fetcherKey,
  formatTime,
}: {
  kiosk: AdminKiosk;
  fetcherKey: string;
  formatTime: (iso: string) => string;
}) {
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  const shot = kiosk.screenshot;
  const canAsk = kiosk.paired && !kiosk.retiredAt;
  if (!canAsk && !shot?.takenAt) return null;
  const asking =
    fetcher.state !== "idle" && fetcher.formAction?.endsWith(`/admin/kiosks/${kiosk.id}/screenshot`) === true;
  const portrait = shot?.width && shot.height ? shot.height > shot.width : kiosk.orientation === "portrait";

  return (
    <section
      aria-label={`What is on ${kiosk.label}`}
      className="mt-4 flex flex-wrap items-start gap-4 rounded-lg border bg-muted/30 p-3"
      data-testid="kiosk-screenshot"
    >
      {shot?.takenAt ? (
        <a
          href={`/admin/kiosks/${kiosk.id}/screenshot`}
          target="_blank"
          rel="noreferrer"
          className="shrink-0 overflow-hidden rounded-md border bg-ink"
        >
          <img
            src={`/admin/kiosks/${kiosk.id}/screenshot?at=${encodeURIComponent(shot.takenAt)}`}
            alt={`What ${kiosk.label} showed at ${formatTime(shot.takenAt)}`}
            width={shot.width ?? undefined}
            height={shot.height ?? undefined}
            className={portrait ? "h-40 w-auto" : "h-auto w-48"}
            loading="lazy"
          />
        </a>
      ) : null}
      <div className="min-w-44 flex-1 space-y-2 text-sm">
        <p className="font-medium text-ink">On screen</p>
        <p className="text-muted-foreground" data-testid="kiosk-screenshot-time">
          {shot?.takenAt ? `Picture taken ${formatTime(shot.takenAt)}` : "No picture yet."}
          {shot?.requestedAt ? " A new one is on its way: the screen sends it within a minute." : ""}
        </p>
        {canAsk ? (
          <fetcher.Form method="post" action={`/admin/kiosks/${kiosk.id}/screenshot`}>
            <input type="hidden" name="id" value={kiosk.id} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={asking}
              aria-label={`Request a screenshot of ${kiosk.label}`}
            >
              <Icon name="image" aria-hidden /> Request screenshot
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
    </section>
  );
}
