import { eq, sql } from "drizzle-orm";
import { daySpans, type WeeklyHours } from "~/lib/opening-hours";
import type { Database } from "../infra/db/client";
import { businessOpenSpans, businesses } from "../infra/db/schema";

type Executor = Pick<Database, "select" | "insert" | "delete">;

/**
 * Rewrites one listing's rows of business_open_spans from its hours and time zone (the directory's "open now"
 * filter reads them; docs/decisions/063-opening-hours-and-open-now.md). Call inside the transaction that changed the
 * listing. Listings without a time zone of their own are read in `siteTimeZone` (SITE_TIMEZONE).
 */
export async function syncOpenSpans(
  tx: Executor,
  businessId: string,
  siteTimeZone: string | null,
): Promise<void> {
  const [row] = await tx
    .select({ hours: businesses.hours, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  await tx.delete(businessOpenSpans).where(eq(businessOpenSpans.businessId, businessId));
  if (!row?.hours) return;
  const timeZone = row.timeZone ?? siteTimeZone;
  if (!timeZone) return;
  const spans = daySpans(row.hours as WeeklyHours);
  if (spans.length === 0) return;
  await tx.insert(businessOpenSpans).values(spans.map((span) => ({ businessId, timeZone, ...span })));
}

/** Rebuilds every listing's spans (after a bulk load that wrote hours directly). */
export async function rebuildOpenSpans(db: Database, siteTimeZone: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(businessOpenSpans);
    const rows = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(sql`${businesses.hours} is not null`);
    for (const { id } of rows) await syncOpenSpans(tx, id, siteTimeZone);
  });
}
