import { Badge } from "~/components/ui/badge";
import { AD_STATUS_LABELS, type AdStatus } from "~/lib/ad-schemas";
import { cn } from "~/lib/cn";

const STYLES: Record<AdStatus, string> = {
  processing: "border-transparent bg-muted text-muted-foreground",
  pending: "border-transparent bg-sun/30 text-ink",
  approved: "border-transparent bg-emerald-100 text-emerald-900",
  rejected: "border-transparent bg-destructive/10 text-destructive",
  paused: "border-transparent bg-slate-200 text-slate-800",
  ended: "border-transparent bg-slate-100 text-slate-600",
};

/** An ad's status as a badge (docs/product.md#ads). */
export function AdStatusBadge({ status, className }: { status: AdStatus; className?: string }) {
  return (
    <Badge className={cn(STYLES[status], className)} data-status={status}>
      {AD_STATUS_LABELS[status]}
    </Badge>
  );
}
