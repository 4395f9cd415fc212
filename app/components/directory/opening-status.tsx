import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { openingStatus, type WeeklyHours } from "~/lib/opening-hours";
import { useNow } from "~/lib/use-now";

/** "Open now · closes 6 PM" / "Closed · opens tomorrow 9 AM", in the business's own time zone; nothing without hours. */
export function OpeningStatusLine({
  hours,
  timeZone,
  serverNow,
  className,
}: {
  hours: WeeklyHours | null;
  timeZone: string;
  serverNow: string | null;
  className?: string;
}) {
  const now = useNow(serverNow);
  const status = openingStatus(hours, timeZone, now);
  if (!status) return null;
  return (
    <p
      data-testid="opening-status"
      className={cn(
        "flex items-center gap-2 text-sm font-medium",
        status.open ? "text-emerald-700" : "text-muted-foreground",
        className,
      )}
    >
      <Icon name="clock" aria-hidden="true" className="size-4 shrink-0" />
      {status.label}
    </p>
  );
}

/** The "Kiosk host" badge: a kiosk (not retired) is in this shop. */
export function KioskHostBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-sun px-2.5 py-0.5 text-xs font-semibold text-ink",
        className,
      )}
    >
      <Icon name="spray-can" aria-hidden="true" className="size-3.5" />
      Kiosk host
    </span>
  );
}

/** "Verified owner": the listing's owner proved it (a claim), or an admin accepted their claim. */
export function VerifiedOwnerBadge({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-semibold text-primary", className)}>
      <Icon name="badge-check" aria-hidden="true" className="size-4" />
      Verified owner
    </span>
  );
}
