import { desc, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { outbox, type OutboxStatus } from "../db/schema";
import { enqueue } from "../jobs/enqueue";
import { mailJob } from "./delivery";
import type { OutgoingEmail } from "./types";

/**
 * Queues an email: its outbox row and the `mail` job that delivers it. Pass the transaction that wrote whatever
 * caused the email: the email then exists exactly when that thing does (a rolled-back submission sends nothing,
 * a committed one is never lost). Call the job runner's `wake("mail")` after the transaction commits so it goes
 * out promptly. Returns the outbox row's id.
 */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<string> {
  // Both rows or neither (a savepoint when `db` is already a transaction).
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        replyTo: email.replyTo ?? null,
        reference: email.reference ?? null,
      })
      .returning({ id: outbox.id });
    await enqueue(tx, mailJob, { outboxId: row.id });
    return row.id;
  });
}

export interface DeliveryStatus {
  status: OutboxStatus;
  /** Delivery attempts made so far, the successful one included. */
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

/** Delivery status of the newest email queued for each reference (e.g. `story_submission:<id>`), for the admin inbox. */
export async function listDeliveryStatus(
  db: Database,
  references: string[],
): Promise<Map<string, DeliveryStatus>> {
  const result = new Map<string, DeliveryStatus>();
  const unique = [...new Set(references)];
  if (unique.length === 0) return result;
  const rows = await db
    .selectDistinctOn([outbox.reference], {
      reference: outbox.reference,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(inArray(outbox.reference, unique))
    .orderBy(outbox.reference, desc(outbox.createdAt), desc(outbox.id));
  for (const { reference, ...status } of rows) {
    if (reference !== null) result.set(reference, status);
  }
  return result;
}
