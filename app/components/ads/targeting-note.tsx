import { Badge } from "~/components/ui/badge";

// An approved ad's new distance waits for review while the ad keeps playing where it was approved to
// (docs/decisions/076-reviewed-edits.md). The owner's card and editor say so, or why the change was not approved.

export const miles = (value: number) => (value === 1 ? "1 mile" : `${value} miles`);

export function TargetingNote({
  ad,
}: {
  ad: { radiusMiles: number; pendingRadiusMiles: number | null; targetingRejectionReason: string | null };
}) {
  if (ad.pendingRadiusMiles !== null) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="targeting-note">
        <Badge variant="outline">Changes waiting for review</Badge>
        <span className="text-muted-foreground">
          Kiosks within: {miles(ad.radiusMiles)} → {miles(ad.pendingRadiusMiles)}. It plays within{" "}
          {miles(ad.radiusMiles)} until approved.
        </span>
      </div>
    );
  }
  if (ad.targetingRejectionReason) {
    return (
      <p
        className="rounded-md bg-destructive/5 px-3 py-2 text-sm text-destructive"
        data-testid="targeting-note"
      >
        <span className="font-semibold">New distance not approved: </span>
        {ad.targetingRejectionReason}
      </p>
    );
  }
  return null;
}
