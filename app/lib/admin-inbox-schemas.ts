import { oneLine } from "./form-fields";
import { z } from "./zod";

/** What visitors send the team; each kind is also the prefix of its emails' outbox reference (`kind:<id>`). */
export const INBOX_KINDS = ["story_submission", "business_application", "contact_message"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** The inbox's tabs, as they appear in the URL (`?tab=`); `all` merges the three kinds, newest first. */
export const INBOX_TABS = [
  { id: "all", label: "All", kinds: INBOX_KINDS },
  { id: "stories", label: "Story submissions", kinds: ["story_submission"] },
  { id: "applications", label: "Join Our Network", kinds: ["business_application"] },
  { id: "messages", label: "Contact messages", kinds: ["contact_message"] },
] as const satisfies readonly { id: string; label: string; kinds: readonly InboxKind[] }[];
export type InboxTabId = (typeof INBOX_TABS)[number]["id"];

export const INBOX_PAGE_SIZE = 20;

/** The inbox's query string: the tab, whether handled items are shown too (`show=all`), and the page. */
export const InboxSearchSchema = z.object({
  tab: z
    .enum(INBOX_TABS.map((tab) => tab.id) as [InboxTabId, ...InboxTabId[]])
    .catch("all")
    .default("all"),
  show: z.enum(["open", "all"]).catch("open").default("open"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type InboxSearch = z.infer<typeof InboxSearchSchema>;

/** Mark as handled (or open again): which item, by kind and id. */
export const InboxItemActionSchema = z.object({
  intent: z.enum(["handle", "reopen"]),
  kind: z.enum(INBOX_KINDS),
  id: oneLine("Id").min(1).max(100),
});

/** The team email's delivery, from the outbox; `none` when no email was queued for the item. */
export interface InboxDelivery {
  status: "pending" | "sent" | "failed" | "none";
  attempts: number;
  /** ISO timestamp */
  sentAt: string | null;
}

interface InboxItemBase {
  id: string;
  /** ISO timestamps */
  receivedAt: string;
  handledAt: string | null;
  delivery: InboxDelivery;
}

export type InboxItem =
  | (InboxItemBase & {
      kind: "story_submission";
      firstName: string;
      lastName: string;
      email: string;
      story: string;
    })
  | (InboxItemBase & {
      kind: "business_application";
      businessName: string;
      phoneNumber: string | null;
      email: string | null;
      website: string | null;
      address: string | null;
    })
  | (InboxItemBase & { kind: "contact_message"; name: string; email: string; message: string });

/** Unhandled items per kind, for the tab badges. */
export type InboxOpenCounts = Record<InboxKind, number>;

export const INBOX_TOASTS = {
  handled: { title: "Marked as handled" },
  reopened: { title: "Moved back to open" },
  failed: { title: "Error updating the inbox", description: "Please try again.", variant: "destructive" },
} as const;
