import { Icon } from "~/components/ui/icon";
import { Badge } from "~/components/ui/badge";
import type { InboxDelivery } from "~/lib/admin-inbox-schemas";
import { cn } from "~/lib/cn";

/** The team email's delivery status for one inbox item (from the outbox). */
export function DeliveryBadge({ delivery }: { delivery: InboxDelivery }) {
  const { label, icon, className } = describe(delivery);
  return (
    <Badge variant="outline" className={cn("gap-1", className)}>
      <Icon name={icon} aria-hidden />
      {label}
    </Badge>
  );
}

function describe({ status, attempts }: InboxDelivery) {
  switch (status) {
    case "sent":
      return {
        label: "Email sent",
        icon: "mail-check" as const,
        className: "border-primary/30 bg-primary/10 text-primary",
      };
    case "failed":
      return {
        label: `Email failed after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}`,
        icon: "mail-x" as const,
        className: "border-destructive/30 bg-destructive/10 text-destructive",
      };
    case "pending":
      return {
        label:
          attempts > 0
            ? `Email retrying (${attempts} ${attempts === 1 ? "attempt" : "attempts"})`
            : "Email queued",
        icon: "clock" as const,
        className: "border-sun/60 bg-sun/20 text-ink",
      };
    default:
      return {
        label: "No email",
        icon: "circle-exclamation-point" as const,
        className: "text-muted-foreground",
      };
  }
}
