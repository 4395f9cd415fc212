import type { Database } from "../infra/db/client";
import { enqueueEmail, MAIL_JOB, type OutgoingEmail } from "../infra/mail";
import { hitRateLimit, type RateLimitRule } from "../infra/rate-limit";

/**
 * What a public form submission comes to. `id` is null when a bot was dropped: the visitor is shown the same
 * confirmation either way, so a bot can't tell it was caught.
 */
export type SubmissionResult =
  { ok: true; id: string | null } | { ok: false; status: 400 | 429; message: string };

/** Who sent a public form: the client IP as Express resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
export interface SubmissionCaller {
  clientIp: string;
  log?: { info(details: object, message: string): void };
}

export function tooManySubmissions(retryAfterSeconds: number): SubmissionResult {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    ok: false,
    status: 429,
    message: `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

/**
 * The checks every public form runs before storing anything: one hit on the per-IP limit (bots count too), then
 * the honeypot. Returns the reply to send when the submission must stop here, or null to go on.
 */
export async function screenSubmission(
  db: Database,
  {
    form,
    caller,
    rule,
    honeypot,
  }: { form: string; caller: SubmissionCaller; rule: RateLimitRule; honeypot?: string },
): Promise<SubmissionResult | null> {
  const limit = await hitRateLimit(db, `${form}:ip:${caller.clientIp}`, rule);
  if (!limit.allowed) return tooManySubmissions(limit.retryAfter);
  if (honeypot && honeypot.trim() !== "") {
    caller.log?.info({ form, clientIp: caller.clientIp }, "submission dropped: honeypot filled");
    return { ok: true, id: null };
  }
  return null;
}

/** Text safe for an email subject: one line, no control characters, not absurdly long. */
export function subjectText(text: string, max = 80): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "Label: value" lines for a team email, with a dash for empty values. */
export function fieldLines(fields: Array<[label: string, value: string | null | undefined]>): string {
  return fields.map(([label, value]) => `${label}: ${value ? value : "—"}`).join("\n");
}

/** What every submission row gives back to build its team email. */
export interface StoredSubmission {
  id: string;
  createdAt: Date;
}

/**
 * Stores a submission and queues its team email in ONE transaction (both exist, or neither does: nothing is lost
 * when mail is down), then asks the job runner to send it now. Returns the new row's id.
 */
export async function storeAndNotifyTeam(
  { db, jobs }: { db: Database; jobs: { wake(kind?: string): void } },
  insert: (tx: Database) => Promise<StoredSubmission>,
  email: (row: StoredSubmission) => OutgoingEmail,
): Promise<string> {
  const id = await db.transaction(async (tx) => {
    const row = await insert(tx);
    await enqueueEmail(tx, email(row));
    return row.id;
  });
  jobs.wake(MAIL_JOB);
  return id;
}
