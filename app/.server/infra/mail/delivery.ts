import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "~/lib/zod";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import { defineJob, runnableJob, type RunnableJob } from "../jobs/define";
import { errorText } from "../jobs/store";
import type { MailTransport } from "./types";

/** The job kind that delivers one outbox email. */
export const MAIL_JOB = "mail";

export const MailJobPayload = z.object({ outboxId: z.uuid() });

/** The Message-ID is derived from the row, so a retry after an unclear failure can be recognised as a duplicate. */
export const outboxMessageId = (id: string) => `<outbox-${id}@localshine>`;

export interface MailDeliveryOptions {
  db: Database;
  transport: MailTransport;
  /** The From header of every email, e.g. `Local Shine <hello@localshine.example>`. */
  from: string;
  logger: Logger;
  /** Attempts after which an email is given up on (status `failed`). */
  maxAttempts?: number;
  /** Delay before the next attempt, given the attempts made so far (1 after the first failure). */
  backoff?: (attempt: number) => number;
}

interface MailDeliveryDeps {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
}

/**
 * The `mail` job: sends one outbox email and records the outcome on its row, which the admin inbox shows. The
 * job runner does the retrying (2 s, 4 s, … up to 15 minutes apart, 8 attempts by default).
 */
export const mailJob = defineJob({
  kind: MAIL_JOB,
  payload: MailJobPayload,
  async run({ outboxId }, job, { db, transport, from, log }: MailDeliveryDeps) {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
    // Gone, or sent by a run that died before recording it as done: nothing to do.
    if (!row || row.status !== "pending") return;
    const fields = { outboxId, to: row.toAddress, reference: row.reference, attempts: job.attempt };
    const stillPending = and(eq(outbox.id, outboxId), eq(outbox.status, "pending"));
    try {
      await transport.send({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        replyTo: row.replyTo ?? undefined,
        reference: row.reference ?? undefined,
        messageId: outboxMessageId(row.id),
      });
    } catch (error) {
      const giveUp = job.attempt >= job.maxAttempts;
      await db
        .update(outbox)
        .set({ status: giveUp ? "failed" : "pending", attempts: job.attempt, lastError: errorText(error) })
        .where(stillPending);
      log.warn({ ...fields, error: errorText(error) }, "email delivery failed");
      throw error;
    }
    // If this update fails the email was still sent: the job runs again and sends it again (at least once,
    // same Message-ID). That beats losing it.
    await db
      .update(outbox)
      .set({ status: "sent", attempts: job.attempt, sentAt: sql`now()`, lastError: null })
      .where(stillPending);
    log.info(fields, "email sent");
  },
});

/** The mail job with what it needs from the server, for the job runner. */
export function createMailDelivery({
  db,
  transport,
  from,
  logger,
  maxAttempts,
  backoff,
}: MailDeliveryOptions): RunnableJob {
  const log = logger.child({ component: "mail" });
  return runnableJob(mailJob, { db, transport, from, log }, { maxAttempts, backoff });
}
