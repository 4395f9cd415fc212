import { and, inArray, ne } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { users } from "../infra/db/schema";

/** What applying ADMIN_EMAILS did, email by email. */
export interface AdminPromotion {
  /** Accounts that were not admins and are now. */
  promoted: string[];
  /** Accounts that were admins already. */
  alreadyAdmin: string[];
  /** Emails with no account yet: the sign-up hook makes them admins when they are created. */
  noAccountYet: string[];
}

/**
 * Makes the existing accounts listed in ADMIN_EMAILS admins ("admins as soon as their account exists": accounts
 * created later get the role from the auth hook in ../auth/auth.ts). `emails` are lower-case, as `adminEmails`
 * gives them. Null when the list is empty.
 */
export async function promoteConfiguredAdmins(
  db: Database,
  emails: string[],
): Promise<AdminPromotion | null> {
  if (emails.length === 0) return null;
  const promotedRows = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(inArray(users.email, emails), ne(users.role, "admin")))
    .returning({ email: users.email });
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => row.email,
    ),
  );
  const promoted = new Set(promotedRows.map((row) => row.email));
  return {
    promoted: emails.filter((email) => promoted.has(email)),
    alreadyAdmin: emails.filter((email) => existing.has(email) && !promoted.has(email)),
    noAccountYet: emails.filter((email) => !existing.has(email)),
  };
}

/** The start-up log line: "ADMIN_EMAILS promoted a@x.com to admin; already admin: b@x.com; no account yet: …". */
export function describeAdminPromotion({ promoted, alreadyAdmin, noAccountYet }: AdminPromotion): string {
  const parts = [
    `ADMIN_EMAILS promoted ${promoted.length > 0 ? promoted.join(", ") : "no account"} to admin`,
  ];
  if (alreadyAdmin.length > 0) parts.push(`already admin: ${alreadyAdmin.join(", ")}`);
  if (noAccountYet.length > 0) {
    parts.push(`no account yet (admin as soon as it is created): ${noAccountYet.join(", ")}`);
  }
  return parts.join("; ");
}
