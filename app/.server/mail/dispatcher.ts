import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import type { MailTransport } from "./types";

export interface OutboxDispatcherOptions {
  db: Database;
  transport: MailTransport;
  /** The From header of every email, e.g. `Local Shine <hello@localshine.example>`. */
  from: string;
  logger: Logger;
  /** How often the outbox is polled when nobody calls `wake()`. */
  intervalMs?: number;
  /** Attempts after which an email is given up on (status `failed`). */
  maxAttempts?: number;
  /** Delay before the next attempt, given the number of attempts made so far (1 after the first failure). */
  backoff?: (attempt: number) => number;
}

export interface OutboxDispatcher {
  /** Starts polling (first run right away). */
  start(): void;
  /** Stops polling and waits for a run in flight; messages it had not reached yet are left for the next run. */
  stop(): Promise<void>;
  /** Claims one batch of due emails and tries to deliver each once. Runs of one dispatcher never overlap. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Asks for a run now (after an email was queued), instead of at the next poll. */
  wake(): void;
}

const BATCH_SIZE = 20;
/**
 * A claimed row is ours for this long; other instances skip it meanwhile. If we crash mid-batch it simply becomes
 * due again once the lease runs out.
 */
const LEASE = sql.raw(`interval '2 minutes'`);
/**
 * Stop starting sends this long after claiming, so that the last send of a slow batch (SMTP timeouts are ~5 s to
 * connect, 30 s of socket silence) finishes well inside the 2-minute lease and never overlaps another instance's.
 */
const SEND_WINDOW_MS = 60_000;
const MAX_ERROR_LENGTH = 1_000;

const defaultBackoff = (attempt: number) => Math.min(2 ** attempt * 1000, 15 * 60_000);

/** The Message-ID is derived from the row, so a retry after an unclear failure can be recognised as a duplicate. */
export const outboxMessageId = (id: string) => `<outbox-${id}@localshine>`;

export function createOutboxDispatcher({
  db,
  transport,
  from,
  logger,
  intervalMs = 2000,
  maxAttempts = 8,
  backoff = defaultBackoff,
}: OutboxDispatcherOptions): OutboxDispatcher {
  const log = logger.child({ component: "outbox" });
  let started = false;
  let stopping = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The poll loop's current tick; `wake()` during it asks for another right after. */
  let ticking: Promise<void> | undefined;
  let rerun = false;
  /** Every run (loop or direct) chains here so one dispatcher never claims twice at once. */
  let chain: Promise<unknown> = Promise.resolve();

  /** Claims due rows with a lease. SKIP LOCKED lets concurrent instances take disjoint rows without waiting. */
  async function claim() {
    return db
      .update(outbox)
      .set({ lockedUntil: sql`now() + ${LEASE}` })
      .where(
        sql`${outbox.id} in (
          select ${outbox.id} from ${outbox}
          where ${outbox.status} = 'pending'
            and ${outbox.nextAttemptAt} <= now()
            and (${outbox.lockedUntil} is null or ${outbox.lockedUntil} < now())
          order by ${outbox.nextAttemptAt}
          limit ${sql.raw(String(BATCH_SIZE))}
          for update skip locked
        )`,
      )
      .returning();
  }

  async function deliver(row: typeof outbox.$inferSelect): Promise<boolean> {
    const attempts = row.attempts + 1;
    const stillOurs = and(eq(outbox.id, row.id), eq(outbox.status, "pending"));
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
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const giveUp = attempts >= maxAttempts;
      const delaySeconds = Math.max(0, backoff(attempts)) / 1000;
      // The database clock decides when a row is due (see claim), so the next attempt is computed with it too.
      await db
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds}::double precision)`,
        })
        .where(stillOurs);
      const fields = {
        outboxId: row.id,
        to: row.toAddress,
        reference: row.reference,
        attempts,
        error: message,
      };
      if (giveUp) log.error(fields, "email delivery failed for good");
      else log.warn({ ...fields, retryInSeconds: delaySeconds }, "email delivery failed; will retry");
      return false;
    }
    // If this update fails the email was still sent: the lease runs out and it is sent again (at least once,
    // same Message-ID). That beats losing it.
    await db
      .update(outbox)
      .set({ status: "sent", attempts, sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(stillOurs);
    log.info({ outboxId: row.id, to: row.toAddress, reference: row.reference, attempts }, "email sent");
    return true;
  }

  async function runBatch() {
    const claimedAt = performance.now();
    const rows = await claim();
    let sent = 0;
    let failed = 0;
    let index = 0;
    for (; index < rows.length; index++) {
      if (stopping || performance.now() - claimedAt > SEND_WINDOW_MS) break;
      if (await deliver(rows[index])) sent++;
      else failed++;
    }
    const unsent = rows.slice(index).map((row) => row.id);
    if (unsent.length > 0) {
      // Hand the rest back now rather than when the lease runs out (a shutdown, or a slow batch).
      await db
        .update(outbox)
        .set({ lockedUntil: null })
        .where(and(inArray(outbox.id, unsent), eq(outbox.status, "pending")));
    }
    return { sent, failed, full: rows.length === BATCH_SIZE && unsent.length === 0 };
  }

  function serialized() {
    const run = chain.then(runBatch);
    chain = run.catch(() => {});
    return run;
  }

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // The server keeps the process alive; the mail loop alone must not (CLI commands, tests).
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (ticking) {
      rerun = true;
      return;
    }
    ticking = (async () => {
      let again = false;
      try {
        again = (await serialized()).full;
      } catch (error) {
        // A dead database or the like: log and try again at the next poll; never throw out of a timer.
        log.error({ err: error }, "outbox run failed");
      }
      ticking = undefined;
      again ||= rerun;
      rerun = false;
      schedule(again ? 0 : intervalMs);
    })();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopping = true;
      try {
        await ticking;
        await chain;
      } finally {
        stopping = false;
      }
    },
    async runOnce() {
      const { sent, failed } = await serialized();
      return { sent, failed };
    },
    wake() {
      if (!started) return;
      if (ticking) rerun = true;
      else schedule(0);
    },
  };
}
