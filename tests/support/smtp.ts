import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { jobs, outbox, rateLimits } from "~/.server/infra/db/schema";
import { readDevMailbox } from "./dev-mailbox";
import { createTestServices } from "./test-services";

/** One message as the SMTP server received it: envelope addresses and the raw bytes (latin1, one char a byte). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that records every message: what the app's SMTP transport sends is what arrives
 * here. It offers STARTTLS (with smtp-server's self-signed certificate) only when `starttls` is set.
 * Use `startSmtpServer` unless the test needs the port before anything listens on it.
 */
export function createSmtpServer({ starttls = false }: { starttls?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: starttls ? [] : ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
  });
  return {
    received,
    /** Listens on 127.0.0.1:`port` (0: any free port) and resolves to the port. */
    async listen(port = 0): Promise<number> {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A listening SMTP server on 127.0.0.1 and a free port, without STARTTLS; `close()` when done. */
export async function startSmtpServer() {
  const smtp = createSmtpServer();
  const port = await smtp.listen();
  return { ...smtp, port };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Decodes received messages with the app's own MIME reader (it reads .eml files from `{dir}/mail`). */
export async function decodeReceived(messages: Pick<ReceivedMail, "raw">[]) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ls-smtp-"));
  await fs.mkdir(path.join(dir, "mail"));
  await Promise.all(
    messages.map((m, i) => fs.writeFile(path.join(dir, "mail", `${i}.eml`), m.raw, "latin1")),
  );
  const parsed = await readDevMailbox(dir);
  await fs.rm(dir, { recursive: true, force: true });
  return parsed;
}

/**
 * Test services whose mail goes through a real SMTP server on loopback. Registers the vitest hooks: created once
 * per file; before each test the received mail, the outbox and its jobs, rate-limit counters and `tables` are cleared.
 */
export function useServicesWithSmtp(teamEmail: string, tables: PgTable[] = []) {
  const state = {} as { smtp: SmtpServer; services: Awaited<ReturnType<typeof createTestServices>> };
  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    state.services = await createTestServices({
      SMTP_URL: `smtp://127.0.0.1:${state.smtp.port}`,
      TEAM_EMAIL: teamEmail,
    });
  }, 60_000);
  afterAll(async () => {
    await state.services?.close();
    await state.smtp?.close();
  });
  beforeEach(async () => {
    state.smtp.received.length = 0;
    for (const table of [jobs, outbox, rateLimits, ...tables]) await state.services.db.delete(table);
  });
  return state;
}
