import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { resolveAuthSecret } from "../infra/config/secret";
import type { Database } from "../infra/db/client";
import type { Services } from "../services";
import { REPORT_KINDS, reportOptOuts, users, type ReportKind } from "../infra/db/schema";

// Who gets the weekly reports (docs/product.md#weekly-reports): everyone who qualifies, unless they said stop. Stop
// and start again from the Results page when signed in; stop from the link in every report without signing in.
// That link carries a token signed with a key derived from AUTH_SECRET that names one person and one kind of
// report, so it stops exactly that and cannot be made for anyone else (docs/decisions/091-weekly-reports.md).

export { REPORT_KINDS, type ReportKind };

const tokenKey = (secret: string) => createHmac("sha256", secret).update("report-unsubscribe:v1").digest();

/** The unsubscribe token of `userId` for `kind`: `{kind}.{userId}.{signature}` (base64url). */
export function unsubscribeToken(secret: string, userId: string, kind: ReportKind): string {
  const payload = `${kind}.${Buffer.from(userId).toString("base64url")}`;
  const signature = createHmac("sha256", tokenKey(secret)).update(payload).digest("base64url");
  return `${payload}.${signature}`;
}

/** The person and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: ReportKind } | null {
  if (token.length > 400) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [kind, encodedUser, signature] = parts as [string, string, string];
  if (!(REPORT_KINDS as readonly string[]).includes(kind)) return null;
  const expected = createHmac("sha256", tokenKey(secret)).update(`${kind}.${encodedUser}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  return userId ? { userId, kind: kind as ReportKind } : null;
}

/** Stops (`subscribed: false`) or restarts a kind of report for one person. Idempotent. */
export async function setReportSubscription(
  db: Database,
  userId: string,
  kind: ReportKind,
  subscribed: boolean,
): Promise<void> {
  if (subscribed) {
    await db.delete(reportOptOuts).where(and(eq(reportOptOuts.userId, userId), eq(reportOptOuts.kind, kind)));
  } else {
    await db.insert(reportOptOuts).values({ userId, kind }).onConflictDoNothing();
  }
}

/** Which kinds of report this person gets (all unless stopped). */
export async function reportSubscriptions(
  db: Database,
  userId: string,
): Promise<Record<ReportKind, boolean>> {
  const stopped = await db
    .select({ kind: reportOptOuts.kind })
    .from(reportOptOuts)
    .where(eq(reportOptOuts.userId, userId));
  const off = new Set(stopped.map((row) => row.kind));
  return { owner_weekly: !off.has("owner_weekly"), admin_weekly: !off.has("admin_weekly") };
}

export type UnsubscribeAnswer =
  { ok: true; kind: ReportKind; email: string } | { ok: false; status: 400; message: string };

export const UNSUBSCRIBE_BAD_LINK =
  "This link is not valid. Sign in and stop the weekly email from your Results page.";

/** The report a link stops and whose it is (its address, for the page), without changing anything. */
export async function describeUnsubscribe(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeAnswer> {
  const named = readUnsubscribeToken(secret, token);
  if (!named) return { ok: false, status: 400, message: UNSUBSCRIBE_BAD_LINK };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, named.userId));
  if (!user) return { ok: false, status: 400, message: UNSUBSCRIBE_BAD_LINK };
  return { ok: true, kind: named.kind, email: user.email };
}

/** Stops the report the token names, for the person it names: no sign-in needed, nobody else's can be stopped. */
export async function unsubscribeWithToken(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeAnswer> {
  const answer = await describeUnsubscribe(db, secret, token);
  if (!answer.ok) return answer;
  const named = readUnsubscribeToken(secret, token)!;
  await setReportSubscription(db, named.userId, named.kind, false);
  return answer;
}

/** The unsubscribe page: which report the link in the email stops, and whose (nothing changes). */
export function unsubscribePage({ db, env }: Pick<Services, "db" | "env">, token: string) {
  return describeUnsubscribe(db, resolveAuthSecret(env), token);
}

/** The unsubscribe page's button: stops the report the link names. */
export function unsubscribe({ db, env }: Pick<Services, "db" | "env">, token: string) {
  return unsubscribeWithToken(db, resolveAuthSecret(env), token);
}
