import fs from "node:fs/promises";
import path from "node:path";
import { findLinks, mailboxDir } from "~/.server/infra/mail/transport";

// Reads back what the dev mailbox wrote (app/.server/infra/mail/transport.ts): tests and benches take confirmation
// and reset links from here. Only they need it, so it lives beside them and not in the server.

export interface DevMailboxMessage {
  file: string;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The dev mailbox's messages, newest first. */
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
