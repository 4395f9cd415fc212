import { z } from "./zod";

// The weekly emails' forms (docs/product.md#weekly-reports): the unsubscribe page's one button, and the switches on
// the Results page.

export const REPORT_LABELS = {
  owner_weekly: "your weekly Results email",
  admin_weekly: "the weekly network summary",
} as const;

export const UnsubscribeSchema = z.object({
  token: z.string().trim().min(1).max(400),
});

export const ReportSwitchSchema = z.object({
  intent: z.literal("weekly-email"),
  kind: z.enum(["owner_weekly", "admin_weekly"]),
  subscribed: z.enum(["on", "off"]),
});

export const REPORT_SWITCH_TOASTS = {
  on: { title: "Weekly email on", description: "It comes every Monday morning." },
  off: { title: "Weekly email off", description: "You will not get it any more. Turn it on again here." },
  failed: { title: "Failed to save", description: "Please try again." },
} as const;
