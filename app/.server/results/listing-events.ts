import { and, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { CONTACT_ACTIONS, directionsHref, telHref, webUrl, type ContactAction } from "~/lib/web-url";
import { queryRows } from "../infra/db/client";
import { resolveAuthSecret } from "../infra/config/secret";
import { businesses, type ListingEventKind } from "../infra/db/schema";
import type { Services } from "../services";
import { countedVisitor, countWithinBudget, isCountedVisitor } from "./visitors";

// Views of a business page and the contact actions on it (docs/product.md#results): no cookie, no IP. Each kind
// counts once per visitor, listing and day (visitors.ts says who a visitor is); obvious bots (isbot, or no
// User-Agent) are not counted.

export interface VisitorFacts {
  userAgent: string | null;
  clientIp: string;
  now?: Date;
}

/**
 * Records one event for an existing business; false when it was not counted (bot, unknown business, this visitor's
 * event of this kind for this listing already counted today, or the address over its budget).
 */
export async function recordListingEvent(
  { db, env }: Pick<Services, "db" | "env">,
  businessId: string,
  kind: ListingEventKind,
  facts: VisitorFacts,
): Promise<boolean> {
  if (!isUuid(businessId) || !isCountedVisitor(facts.userAgent)) return false;
  const visitor = countedVisitor(
    resolveAuthSecret(env),
    env.SITE_TIMEZONE,
    facts.clientIp,
    facts.now ?? new Date(),
  );
  // One statement: the event exists only if the business does, and only once per visitor, kind and day. Its time
  // is the database's when it is written (unless a test gives one), never a time taken before waiting for the
  // database: the roll-up reads up to a few seconds before its own start (ROLLUP_LAG_MS), and an event stamped
  // earlier than it was written could fall behind the roll-up's mark and never be counted.
  const at = facts.now ? sql`${facts.now.toISOString()}::timestamptz` : sql`now()`;
  return countWithinBudget(db, visitor, async (tx) => {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into listing_events (business_id, kind, at, day, visitor_hash)
          select id, ${kind}, ${at}, ${visitor.day}::date, ${visitor.hash} from businesses where id = ${businessId}::uuid
          on conflict (business_id, kind, day, visitor_hash) do nothing
          returning id`,
    );
    return inserted.length > 0;
  });
}

export function isContactAction(value: string): value is ContactAction {
  return (CONTACT_ACTIONS as readonly string[]).includes(value);
}

/**
 * Where a contact action sends the visitor: the business's phone, email, website or directions to its address.
 * Null when the business does not exist, is not published or has no such contact. Only a published listing's live
 * (approved) columns are read: an address no admin has reviewed is never a redirect of ours
 * (docs/decisions/076-reviewed-edits.md).
 */
export async function contactTarget(
  { db }: Pick<Services, "db">,
  businessId: string,
  action: ContactAction,
): Promise<string | null> {
  if (!isUuid(businessId)) return null;
  const [business] = await db
    .select({
      phone: businesses.phone,
      email: businesses.email,
      website: businesses.website,
      address: businesses.address,
      city: businesses.city,
      state: businesses.state,
      zipCode: businesses.zipCode,
    })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.status, "published")));
  if (!business) return null;
  switch (action) {
    case "call":
      return business.phone ? telHref(business.phone) : null;
    case "email":
      return business.email ? `mailto:${business.email}` : null;
    case "website":
      return webUrl(business.website);
    case "directions":
      return directionsHref(`${business.address}, ${business.city}, ${business.state} ${business.zipCode}`);
  }
}
