import net from "node:net";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { jobs, outbox } from "../db/schema";
import { createTestDatabase } from "../../../../tests/support/test-database";
import { createJobRunner } from "../jobs";
import { createMailDelivery, MAIL_JOB, outboxMessageId, type MailDeliveryOptions } from "./delivery";
import { enqueueEmail, listDeliveryStatus } from "./outbox";
import { createMailTransport } from "./transport";
import type { MailTransport, OutgoingEmail } from "./types";
import { createSmtpServer } from "../../../../tests/support/smtp";

const logger = pino({ level: "silent" });
const from = "Local Shine <hello@localshine.local>";
const email = (n: number | string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  to: `person${n}@example.com`,
  subject: `Message ${n}`,
  text: `Hello number ${n}`,
  ...extra,
});

type Sent = Parameters<MailTransport["send"]>[0];

/** A job runner that only delivers mail, as the server's does among its other kinds. */
function mailRunner(
  db: DatabaseHandle["db"],
  transport: MailTransport,
  options: Partial<MailDeliveryOptions> & { intervalMs?: number } = {},
) {
  const { intervalMs, ...delivery } = options;
  return createJobRunner({
    db,
    logger,
    intervalMs,
    jobs: [createMailDelivery({ db, transport, from, logger, ...delivery })],
  });
}

/** An in-memory transport: records what it was given, optionally slowly or failing. */
function memoryTransport(behaviour: { delayMs?: number; fail?: string } = {}) {
  const sent: Sent[] = [];
  const transport: MailTransport = {
    kind: "dev-mailbox",
    async send(message) {
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour.fail) throw new Error(behaviour.fail);
      sent.push(message);
    },
    async close() {},
  };
  return { transport, sent };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("mail outbox", () => {
  let handle: DatabaseHandle;
  const rowsOf = () => handle.db.select().from(outbox).orderBy(outbox.createdAt, outbox.id);
  const rowById = async (id: string) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
    await handle.db.delete(outbox);
  });

  it("writes nothing when the caller's transaction rolls back, and a pending row and its job when it commits", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueEmail(tx, email("rolled-back"));
        throw new Error("the submission failed");
      }),
    ).rejects.toThrow("the submission failed");
    expect(await rowsOf()).toHaveLength(0);
    expect(await handle.db.select().from(jobs)).toHaveLength(0);

    const id = await handle.db.transaction((tx) =>
      enqueueEmail(tx, email("kept", { reference: "story_submission:1" })),
    );
    const row = await rowById(id);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      toAddress: "personkept@example.com",
    });
    expect(await handle.db.select().from(jobs)).toEqual([
      expect.objectContaining({ kind: MAIL_JOB, state: "pending", attempts: 0, payload: { outboxId: id } }),
    ]);
  });

  it("keeps an email while the SMTP server is down and delivers it exactly once when it comes up", async () => {
    const port = await freePort();
    // STARTTLS offered (self-signed), as a local relay usually does.
    const server = createSmtpServer({ starttls: true });
    const { received } = server;
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: "unused", logger });
    expect(transport.kind).toBe("smtp");
    const runner = mailRunner(handle.db, transport, { backoff: () => 0 });
    try {
      const id = await enqueueEmail(handle.db, email(1, { reference: "story_submission:42" }));

      // Nobody listens on the port yet: the attempt fails and is recorded; the email stays queued.
      expect(await runner.runOnce()).toEqual({ done: 0, failed: 1 });
      const afterFailure = await rowById(id);
      expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(afterFailure.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(
        (await listDeliveryStatus(handle.db, ["story_submission:42"])).get("story_submission:42"),
      ).toMatchObject({
        status: "pending",
        attempts: 1,
      });

      await server.listen(port);
      expect(await runner.runOnce()).toEqual({ done: 1, failed: 0 });
      for (let i = 0; i < 3; i++) expect(await runner.runOnce()).toEqual({ done: 0, failed: 0 });

      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(["person1@example.com"]);
      expect(received[0].raw).toContain(`Message-ID: ${outboxMessageId(id)}`);
      expect(received[0].raw).toContain("Subject: Message 1");
      const delivered = await rowById(id);
      expect(delivered).toMatchObject({ status: "sent", attempts: 2, lastError: null });
      expect(delivered.sentAt).toBeInstanceOf(Date);
      expect(
        (await listDeliveryStatus(handle.db, ["story_submission:42"])).get("story_submission:42"),
      ).toMatchObject({
        status: "sent",
        attempts: 2,
        lastError: null,
      });
    } finally {
      await transport.close();
      await server.close();
    }
  });

  it("never sends a message twice when two runners race", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 45; i++) ids.add(await enqueueEmail(handle.db, email(i)));
    const a = memoryTransport({ delayMs: 2 });
    const b = memoryTransport({ delayMs: 2 });
    const first = mailRunner(handle.db, a.transport);
    const second = mailRunner(handle.db, b.transport);

    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([
        first.runOnce(),
        second.runOnce(),
        first.runOnce(),
        second.runOnce(),
      ]);
      if (results.every((result) => result.done === 0)) break;
    }

    const messageIds = [...a.sent, ...b.sent].map((message) => message.messageId);
    expect(messageIds).toHaveLength(45);
    expect(new Set(messageIds)).toEqual(new Set([...ids].map(outboxMessageId)));
    const rows = await rowsOf();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("backs off between attempts and gives up after maxAttempts", async () => {
    const { transport } = memoryTransport({ fail: "550 mailbox unavailable" });
    const id = await enqueueEmail(handle.db, email("doomed", { reference: "contact_message:7" }));
    const runner = mailRunner(handle.db, transport, { maxAttempts: 3, backoff: () => 0 });

    expect(await runner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await runner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await rowById(id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(await runner.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await rowById(id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "550 mailbox unavailable",
    });
    expect(await handle.db.select().from(jobs)).toEqual([
      expect.objectContaining({ state: "failed", attempts: 3, lastError: "550 mailbox unavailable" }),
    ]);
    // A failed email is never tried again.
    expect(await runner.runOnce()).toEqual({ done: 0, failed: 0 });

    // With the default backoff a failed attempt is not due again right away.
    const patient = mailRunner(handle.db, transport);
    const other = await enqueueEmail(handle.db, email("later"));
    expect(await patient.runOnce()).toEqual({ done: 0, failed: 1 });
    expect(await patient.runOnce()).toEqual({ done: 0, failed: 0 });
    const [{ wait }] = await handle.db
      .select({ wait: sql`extract(epoch from ${jobs.runAt} - now())::float8`.mapWith(Number) })
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'outboxId' = ${other}`);
    // 2^1 s after the first failure.
    expect(wait).toBeGreaterThan(1);
    expect(wait).toBeLessThanOrEqual(2);
  });

  it("reports the newest email's status per reference", async () => {
    const { transport } = memoryTransport();
    const runner = mailRunner(handle.db, transport);
    await enqueueEmail(handle.db, email("old", { reference: "story_submission:9" }));
    await runner.runOnce();
    await enqueueEmail(handle.db, email("new", { reference: "story_submission:9" }));
    await enqueueEmail(handle.db, email("other", { reference: "business_application:3" }));

    const statuses = await listDeliveryStatus(handle.db, [
      "story_submission:9",
      "business_application:3",
      "missing:1",
    ]);
    expect(statuses.get("story_submission:9")).toEqual({
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(statuses.get("business_application:3")?.status).toBe("pending");
    expect(statuses.has("missing:1")).toBe(false);
    expect((await listDeliveryStatus(handle.db, [])).size).toBe(0);
  });

  it("sends promptly on wake() and, when stopped mid-send, finishes that email and leaves the rest queued", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let started = 0;
    const transport: MailTransport = {
      kind: "dev-mailbox",
      async send(message) {
        started++;
        if (sent.length > 0) await gate;
        sent.push(message.messageId);
      },
      async close() {},
    };
    const runner = mailRunner(handle.db, transport, { intervalMs: 60_000 });
    runner.start();
    try {
      // The first poll ran at start() and found nothing; only wake() can make this go out before a minute passes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const first = await enqueueEmail(handle.db, email("prompt"));
      runner.wake(MAIL_JOB);
      await waitFor(async () => (await rowById(first)).status === "sent");

      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await enqueueEmail(handle.db, email(`batch-${i}`)));
      runner.wake(MAIL_JOB);
      await waitFor(async () => started === 2);
      const stopping = runner.stop();
      release();
      await stopping;
    } finally {
      release();
      await runner.stop();
    }
    const rows = (await rowsOf()).filter((row) => row.subject.startsWith("Message batch-"));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
    const left = rows.filter((row) => row.status === "pending");
    expect(left).toHaveLength(2);
    expect(left.every((row) => row.attempts === 0)).toBe(true);
    expect(sent).toHaveLength(2);
    const queued = await handle.db.select().from(jobs).where(eq(jobs.state, "pending"));
    expect(queued).toHaveLength(2);
    expect(queued.every((job) => job.attempts === 0 && job.lockedUntil === null)).toBe(true);
  });
});
