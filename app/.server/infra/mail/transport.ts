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

export interface DevMailboxMessage {
  file: string;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The dev mailbox's messages, newest first (e2e tests read confirmation links from here). */
export async function readDevMailbox(dataDir: string): Promise<DevMailboxMessage[]> {
  const dir = mailboxDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
  return Promise.all(
    files.map(async (file) => {
      // latin1 maps every byte to one char, so decoding below works on the file's real bytes.
      const root = parsePart(await fs.readFile(file, "latin1"));
      const text = findTextPart(root) ?? "";
      return {
        file,
        messageId: root.headers.get("message-id") ?? "",
        to: decodeHeader(root.headers.get("to") ?? ""),
        subject: decodeHeader(root.headers.get("subject") ?? ""),
        text,
        links: findLinks(text),
      };
    }),
  );
}

/** Every http(s) URL in a text, without trailing sentence punctuation. */
export function findLinks(text: string): string[] {
  const matches = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return matches.map((url) => url.replace(/[.,;:!?)\]}]+$/, ""));
}

const mailboxDir = (dataDir: string) => path.resolve(dataDir, "mail");

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

// ---------------------------------------------------------------------------------------------------------------
// Just enough MIME to read back what nodemailer wrote: headers, nested multiparts, base64 / quoted-printable
// bodies and RFC 2047 encoded words. Quoted-printable soft line breaks are removed, so long links come back whole.
// ---------------------------------------------------------------------------------------------------------------

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : "";
  const headers = new Map<string, string>();
  // Unfold: a line starting with whitespace continues the previous header.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text of the first text/plain part, depth first. */
function findTextPart(part: MimePart): string | undefined {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = headerParam(contentType, "boundary");
    if (!boundary) return undefined;
    for (const child of splitMultipart(part.body, boundary)) {
      const text = findTextPart(parsePart(child));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (mediaType !== "text/plain") return undefined;
  const bytes = decodeTransfer(part.body, part.headers.get("content-transfer-encoding") ?? "7bit");
  return decodeCharset(bytes, headerParam(contentType, "charset") ?? "utf-8").replace(/\r\n/g, "\n");
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
      if (current) parts.push(current.join("\r\n"));
      if (trimmed.endsWith(`${boundary}--`)) return parts;
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join("\r\n"));
  return parts;
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable":
      return quotedPrintableBytes(body.replace(/=\r?\n/g, ""));
    default:
      return Buffer.from(body, "latin1");
  }
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.split("*")[0].trim()).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

/** Decodes RFC 2047 words (`=?UTF-8?Q?Caf=C3=A9?=`); whitespace between two adjacent words is not part of the text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(ENCODED_WORD, (_word, charset: string, encoding: string, text: string) =>
      decodeCharset(
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : quotedPrintableBytes(text.replace(/_/g, " ")),
        charset,
      ),
    );
}
