import { eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  INBOX_TABS,
  type InboxDelivery,
  type InboxItem,
  type InboxKind,
  type InboxOpenCounts,
  type InboxSearch,
} from "~/lib/admin-inbox-schemas";
import { isUuid } from "~/lib/uuid";
import { FORBIDDEN, type AdminViewer, type Forbidden } from "../auth/admin-only";
import { queryRows, type Database } from "../infra/db/client";
import { businessApplications, contactMessages, storySubmissions } from "../infra/db/schema";
import { listDeliveryStatus, type DeliveryStatus } from "../infra/mail";

// The admin inbox: what visitors sent through the share dialog, Join Our Network and Contact, with the delivery
// status of the team email each one caused. Admins only; every function checks the viewer itself.

const TABLES = {
  story_submission: storySubmissions,
  business_application: businessApplications,
  contact_message: contactMessages,
} as const;

export interface InboxPage {
  ok: true;
  items: InboxItem[];
  /** Items in this tab and view (every page). */
  matching: number;
  page: number;
  pageCount: number;
  open: InboxOpenCounts;
}

/** The three kinds' rows as one stream (kind, id, created_at), only the kinds asked for, optionally unhandled only. */
function inboxUnion(kinds: readonly InboxKind[], openOnly: boolean): SQL {
  const parts = kinds.map((kind) => {
    const table = TABLES[kind];
    return sql`select ${kind}::text as kind, ${table.id} as id, ${table.createdAt} as created_at from ${table}${
      openOnly ? sql` where ${isNull(table.handledAt)}` : sql``
    }`;
  });
  return sql.join(parts, sql` union all `);
}

/** Newest first across the tab's kinds, paged in the database; details and delivery status for the page only. */
export async function listInbox(
  db: Database,
  viewer: AdminViewer,
  search: InboxSearch,
): Promise<InboxPage | Forbidden> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const kinds: readonly InboxKind[] = INBOX_TABS.find((tab) => tab.id === search.tab)?.kinds ?? INBOX_KINDS;
  const openOnly = search.show === "open";

  const countRows = await queryRows<{ kind: InboxKind; open: number | string; total: number | string }>(
    db,
    sql.join(
      INBOX_KINDS.map((kind) => {
        const table = TABLES[kind];
        return sql`select ${kind}::text as kind, count(*) filter (where ${isNull(table.handledAt)}) as open, count(*) as total from ${table}`;
      }),
      sql` union all `,
    ),
  );
  const open = Object.fromEntries(INBOX_KINDS.map((kind) => [kind, 0])) as InboxOpenCounts;
  let matching = 0;
  for (const row of countRows) {
    open[row.kind] = Number(row.open);
    if (kinds.includes(row.kind)) matching += Number(openOnly ? row.open : row.total);
  }
  const pageCount = Math.max(1, Math.ceil(matching / INBOX_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);

  const refs = await queryRows<{ kind: InboxKind; id: string }>(
    db,
    sql`select kind, id from (${inboxUnion(kinds, openOnly)}) as inbox
        order by created_at desc, id desc
        limit ${INBOX_PAGE_SIZE} offset ${(page - 1) * INBOX_PAGE_SIZE}`,
  );
  const details = await loadDetails(db, refs);
  const delivery = await listDeliveryStatus(
    db,
    refs.map((ref) => `${ref.kind}:${ref.id}`),
  );
  const items = refs.flatMap((ref) => {
    const item = details.get(`${ref.kind}:${ref.id}`);
    return item
      ? [{ ...item, delivery: deliveryOf(delivery.get(`${ref.kind}:${ref.id}`)) } as InboxItem]
      : [];
  });
  return { ok: true, items, matching, page, pageCount, open };
}

/** An inbox item before its delivery status is known (Omit distributed over the union). */
type ItemWithoutDelivery = InboxItem extends infer Item
  ? Item extends unknown
    ? Omit<Item, "delivery">
    : never
  : never;

/** The page's rows from each table, keyed `kind:id`. */
async function loadDetails(db: Database, refs: { kind: InboxKind; id: string }[]) {
  const idsOf = (kind: InboxKind) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
  const found = new Map<string, ItemWithoutDelivery>();
  const times = (row: { createdAt: Date; handledAt: Date | null }) => ({
    receivedAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  });

  const storyIds = idsOf("story_submission");
  if (storyIds.length > 0) {
    const rows = await db.select().from(storySubmissions).where(inArray(storySubmissions.id, storyIds));
    for (const row of rows) {
      found.set(`story_submission:${row.id}`, {
        kind: "story_submission",
        id: row.id,
        ...times(row),
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        story: row.story,
      });
    }
  }
  const applicationIds = idsOf("business_application");
  if (applicationIds.length > 0) {
    const rows = await db
      .select()
      .from(businessApplications)
      .where(inArray(businessApplications.id, applicationIds));
    for (const row of rows) {
      found.set(`business_application:${row.id}`, {
        kind: "business_application",
        id: row.id,
        ...times(row),
        businessName: row.businessName,
        phoneNumber: row.phoneNumber,
        email: row.email,
        website: row.website,
        address: row.address,
      });
    }
  }
  const messageIds = idsOf("contact_message");
  if (messageIds.length > 0) {
    const rows = await db.select().from(contactMessages).where(inArray(contactMessages.id, messageIds));
    for (const row of rows) {
      found.set(`contact_message:${row.id}`, {
        kind: "contact_message",
        id: row.id,
        ...times(row),
        name: row.name,
        email: row.email,
        message: row.message,
      });
    }
  }
  return found;
}

function deliveryOf(status: DeliveryStatus | undefined): InboxDelivery {
  if (!status) return { status: "none", attempts: 0, sentAt: null };
  return { status: status.status, attempts: status.attempts, sentAt: status.sentAt?.toISOString() ?? null };
}

/**
 * Mark an item as handled (sets handled_at) or open it again. An item that is already in the asked-for state is
 * left alone (its handled_at keeps the first time), and answers ok.
 */
export async function setInboxItemHandled(
  db: Database,
  viewer: AdminViewer,
  { kind, id, handled }: { kind: InboxKind; id: string; handled: boolean },
): Promise<{ ok: true } | Forbidden | { ok: false; status: 404; reason: "not-found" }> {
  if (!viewer.isAdmin) return FORBIDDEN;
  const notFound = { ok: false, status: 404, reason: "not-found" } as const;
  if (!isUuid(id)) return notFound;
  const table = TABLES[kind];
  const [row] = await db
    .update(table)
    .set({ handledAt: handled ? sql`coalesce(${table.handledAt}, now())` : null })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return row ? { ok: true } : notFound;
}
