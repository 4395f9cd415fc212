import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { MailTransport } from "./types";

export interface MailTransportOptions {
  /** `smtp://` or `smtps://` URL (credentials and nodemailer options may ride in it). Unset: the dev mailbox. */
  smtpUrl?: string;
  /** The dev mailbox writes to `{dataDir}/mail`. */
  dataDir: string;
  logger: Logger;
  /**
   * Whether the dev mailbox's log line lists the links in each email (confirmation and reset links carry their
   * tokens): for a developer outside production only, the one log line allowed to show a secret
   * (docs/security.md "Secrets in logs").
   */
  logLinks?: boolean;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function createMailTransport({
  smtpUrl,
  dataDir,
  logger,
  logLinks = false,
}: MailTransportOptions): MailTransport {
  return smtpUrl ? createSmtpTransport(smtpUrl) : createDevMailbox(dataDir, logger, logLinks);
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  const { hostname } = new URL(smtpUrl);
  const mailer = nodemailer.createTransport({
    url: smtpUrl,
    // nodemailer waits minutes by default; a dead server should fail the attempt fast and let the outbox retry.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 30_000,
    // A relay on this machine (a local Postfix, a test server) usually offers STARTTLS with a self-signed
    // certificate; the traffic never leaves the host. Anything remote gets full certificate checks.
    ...(LOOPBACK_HOSTS.has(hostname) ? { tls: { rejectUnauthorized: false } } : {}),
  });
  return {
    kind: "smtp",
    async send(message) {
      await mailer.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        messageId: message.messageId,
      });
    },
    async close() {
      mailer.close();
    },
  };
}

function createDevMailbox(dataDir: string, logger: Logger, logLinks: boolean): MailTransport {
  const dir = mailboxDir(dataDir);
  // Builds the exact RFC 822 message SMTP would carry, as a buffer instead of a connection.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: "dev-mailbox",
    async send(message) {
      const info = await composer.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        messageId: message.messageId,
      });
      if (!Buffer.isBuffer(info.message))
        throw new Error("dev mailbox: nodemailer returned a stream, not a buffer");
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${nextStamp()}-${sanitize(message.messageId)}.eml`);
      // Write then rename, so a reader (an e2e test polling the mailbox) never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message);
      await fs.rename(`${file}.tmp`, file);
      const links = logLinks ? { links: findLinks(message.text) } : {};
      logger.info({ to: message.to, subject: message.subject, ...links, file }, "dev mailbox: email written");
    },
    async close() {},
  };
}

/** Every http(s) URL in a text, without trailing sentence punctuation. */
export function findLinks(text: string): string[] {
  const matches = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return matches.map((url) => url.replace(/[.,;:!?)\]}]+$/, ""));
}

/** Where the dev mailbox writes its `.eml` files (tests read them back with tests/support/dev-mailbox.ts). */
export const mailboxDir = (dataDir: string) => path.resolve(dataDir, "mail");

let lastStamp = 0;
/** Strictly increasing within the process, so sorting file names orders messages even within one millisecond. */
function nextStamp() {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString().replace(/[:.]/g, "-");
}

const sanitize = (messageId: string) =>
  messageId
    .replace(/^<|>$/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .slice(0, 100) || "message";
