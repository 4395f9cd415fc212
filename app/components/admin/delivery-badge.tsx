import { CircleAlert, Clock, MailCheck, MailX } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { InboxDelivery } from "~/lib/admin-inbox-schemas";
import { cn } from "~/lib/cn";

/** The team email's delivery status for one inbox item (from the outbox). */
export function DeliveryBadge({ delivery }: { delivery: InboxDelivery }) {
  const { label, Icon, className } = describe(delivery);
  return (
    <Badge variant="outline" className={cn("gap-1", className)}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}

function describe({ status, attempts }: InboxDelivery) {
  switch (status) {
    case "sent":
      return {
        label: "Email sent",
        Icon: MailCheck,
        className: "border-primary/30 bg-primary/10 text-primary",
      };
    case "failed":
      return {
        label: `Email failed after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}`,
        Icon: MailX,
        className: "border-destructive/30 bg-destructive/10 text-destructive",
      };
    case "pending":
      return {
        label:
          attempts > 0
            ? `Email retrying (${attempts} ${attempts === 1 ? "attempt" : "attempts"})`
            : "Email queued",
        Icon: Clock,
        className: "border-sun/60 bg-sun/20 text-ink",
      };
    default:
      return { label: "No email", Icon: CircleAlert, className: "text-muted-foreground" };
  }
}
