import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readDevMailbox } from "../../../../tests/support/dev-mailbox";
import { createMailTransport, findLinks } from "./transport";

const from = "Local Shine <hello@localshine.local>";
// Longer than a 76-character MIME line, with the characters quoted-printable escapes (= and &).
const token = "eyJhbGciOiJIUzI1NiJ9." + "a1B2c3D4e5F6g7H8".repeat(12) + ".sig_-x";
const link = `http://localhost:3000/api/auth/verify-email?token=${token}&callbackURL=%2Fdashboard%3Fwelcome%3D1`;

describe("dev mailbox", () => {
  let dataDir: string;
  let lines: string[];
  let logger: pino.Logger;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "ls-mail-"));
    lines = [];
    logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("writes an .eml file and reads back the recipient, subject and an intact long link", async () => {
    const transport = createMailTransport({ dataDir, logger, logLinks: true });
    expect(transport.kind).toBe("dev-mailbox");
    await transport.send({
      from,
      to: "ana@example.com",
      subject: "Verify your Local Shine email",
      text: `Hi Ana,\n\nConfirm your address by opening this link:\n${link}\n\nThanks.`,
      messageId: "<outbox-1111@localshine>",
    });

    const [message] = await readDevMailbox(dataDir);
    expect(message.to).toBe("ana@example.com");
    expect(message.subject).toBe("Verify your Local Shine email");
    expect(message.messageId).toBe("<outbox-1111@localshine>");
    expect(message.links).toEqual([link]);
    expect(message.text).toContain("Confirm your address by opening this link:");
    expect(path.basename(message.file)).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-outbox-1111_localshine\.eml$/);
    // The file really is a MIME message whose long line had to be wrapped, so the decoding was exercised.
    const raw = await fs.readFile(message.file, "utf8");
    expect(raw).toMatch(/Content-Transfer-Encoding: (quoted-printable|base64)/);
    expect(raw).not.toContain(link);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: "dev mailbox: email written",
      to: "ana@example.com",
      subject: "Verify your Local Shine email",
      links: [link],
      file: message.file,
    });
  });

  it("keeps the links (and their tokens) out of the log unless told to show them", async () => {
    const transport = createMailTransport({ dataDir, logger });
    await transport.send({
      from,
      to: "ana@example.com",
      subject: "Verify your Local Shine email",
      text: `Confirm: ${link}`,
      messageId: "<outbox-2222@localshine>",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "dev mailbox: email written", to: "ana@example.com" });
  });

  it("decodes non-ASCII subjects and bodies, lists newest first and finds html-only mail", async () => {
    const transport = createMailTransport({ dataDir, logger });
    await transport.send({
      from,
      to: "first@example.com",
      subject: "First",
      text: "Plain.",
      messageId: "<outbox-a@localshine>",
    });
    await transport.send({
      from,
      to: "José <jose@example.com>",
      subject: "Café ☕ — a story from Woodland Hills, ready for review and long enough to be folded",
      text: `Olá José! Ünïcödé everywhere: ${"ação ".repeat(30)}\nReset: ${link}.`,
      html: `<p>Olá <a href="${link}">reset</a></p>`,
      messageId: "<outbox-b@localshine>",
    });

    const messages = await readDevMailbox(dataDir);
    expect(messages.map((m) => m.messageId)).toEqual(["<outbox-b@localshine>", "<outbox-a@localshine>"]);
    const [second] = messages;
    expect(second.to).toBe("José <jose@example.com>");
    expect(second.subject).toBe(
      "Café ☕ — a story from Woodland Hills, ready for review and long enough to be folded",
    );
    expect(second.text).toContain("Olá José! Ünïcödé everywhere: ação ação");
    // The sentence's full stop is not part of the link.
    expect(second.links).toEqual([link]);
  });

  it("returns an empty list when nothing was ever written", async () => {
    expect(await readDevMailbox(path.join(dataDir, "nowhere"))).toEqual([]);
  });
});

describe("findLinks", () => {
  it("finds http and https links and drops trailing punctuation", () => {
    expect(
      findLinks("See https://a.example/x?y=1&z=2, or (http://b.example/path). Not ftp://c.example."),
    ).toEqual(["https://a.example/x?y=1&z=2", "http://b.example/path"]);
  });
});
