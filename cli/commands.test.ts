import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/.server/infra/db/client";
import { accounts, businesses, businessStories, users } from "~/.server/infra/db/schema";
import { startCli } from "./commands";
import type { PromptIo } from "./prompt-password";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-cli-"));

/** Typed answers on a pipe, and everything the CLI prints: prompts, console lines, raw stdout/stderr writes. */
function terminal(typed: string[]): { io: PromptIo; printed(): string } {
  const output = new PassThrough();
  const prompts: string[] = [];
  output.on("data", (chunk: Buffer) => prompts.push(chunk.toString()));
  return {
    io: { input: Readable.from(typed.length > 0 ? [typed.join("")] : []), output },
    printed: () => [...prompts, ...printedElsewhere].join(""),
  };
}

/** A file holding `password` on its first line, as a script would pass with --password-file. */
function passwordFile(password: string) {
  const file = path.join(dataDir, `password-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}

let printedElsewhere: string[] = [];
const record = (...args: unknown[]) => {
  printedElsewhere.push(args.map(String).join(" "));
  return true;
};

async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
  const handle = await openDatabase({ dataDir });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

describe("operator CLI", () => {
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    process.env.ADMIN_EMAILS = "listed@example.com";
    delete process.env.DATABASE_URL;
    vi.spyOn(console, "log").mockImplementation(record);
    vi.spyOn(console, "error").mockImplementation(record);
    vi.spyOn(process.stdout, "write").mockImplementation(record);
    vi.spyOn(process.stderr, "write").mockImplementation(record);
  });
  beforeEach(() => {
    printedElsewhere = [];
  });
  afterAll(() => {
    vi.restoreAllMocks();
    delete process.env.ADMIN_EMAILS;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates a verified admin, refuses a duplicate and a weak password, and seeds once", async () => {
    expect(
      await startCli(
        "user:create",
        { email: "Chief@Example.com", passwordFile: passwordFile("harbor-lights-88"), admin: true },
        "usage",
      ),
    ).toBe(0);
    expect(
      await startCli(
        "user:create",
        { email: "chief@example.com", passwordFile: passwordFile("harbor-lights-88") },
        "usage",
      ),
    ).toBe(1);
    expect(
      await startCli(
        "user:create",
        { email: "weak@example.com", passwordFile: passwordFile("123456") },
        "usage",
      ),
    ).toBe(2);
    // An empty or missing file: refused.
    expect(
      await startCli("user:create", { email: "x@example.com", passwordFile: passwordFile("") }, "usage"),
    ).toBe(2);
    expect(
      await startCli(
        "user:create",
        { email: "x@example.com", passwordFile: path.join(dataDir, "none") },
        "usage",
      ),
    ).toBe(2);
    // No password file and nothing typed (stdin closed): refused, nothing created.
    expect(await startCli("user:create", { email: "x@example.com" }, "usage", terminal([]).io)).toBe(2);
    expect(await startCli("seed", {}, "usage")).toBe(0);
    expect(await startCli("seed", {}, "usage")).toBe(0);
    expect(await startCli("bogus", {}, "usage")).toBe(2);

    await withDatabase(async (db) => {
      const [chief] = await db.select().from(users).where(eq(users.email, "chief@example.com"));
      expect(chief).toMatchObject({ role: "admin", emailVerified: true });
      expect(await db.$count(users, eq(users.email, "weak@example.com"))).toBe(0);
      expect(await db.$count(users, eq(users.email, "x@example.com"))).toBe(0);
      expect(await db.$count(businesses)).toBeGreaterThanOrEqual(40);
      expect(await db.$count(businessStories)).toBeGreaterThanOrEqual(15);
    });
  }, 300_000); // seeding renders ~100 demo images: slow on a busy two-core machine

  it("asks for the password twice when no password file is given, and never prints it", async () => {
    const secret = "quiet-meadow-4721";
    const session = terminal([`${secret}\n`, `${secret}\n`]);
    expect(await startCli("user:create", { email: "prompted@example.com" }, "usage", session.io)).toBe(0);

    const printed = session.printed();
    expect(printed).toContain("Password: ");
    expect(printed).toContain("Password again: ");
    expect(printed).toContain("Created user prompted@example.com.");
    expect(printed).not.toContain(secret);

    const hash = await withDatabase(async (db) => {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.email, "prompted@example.com"), eq(accounts.providerId, "credential")));
      return row?.password;
    });
    expect(hash).toBeTruthy();
    expect(await verifyPassword({ hash: hash!, password: secret })).toBe(true);
  });

  it("refuses two different passwords and a weak typed one without printing either", async () => {
    const mismatch = terminal(["first-lantern-88\n", "second-lantern-99\n"]);
    expect(await startCli("user:create", { email: "typo@example.com" }, "usage", mismatch.io)).toBe(2);
    expect(mismatch.printed()).toContain("do not match");
    expect(mismatch.printed()).not.toMatch(/first-lantern|second-lantern/);

    const weak = terminal(["sunshine\n", "sunshine\n"]);
    expect(await startCli("user:create", { email: "weak2@example.com" }, "usage", weak.io)).toBe(2);
    expect(weak.printed()).toContain("Weak password: Password is too common.");
    expect(weak.printed()).not.toContain("sunshine");

    await withDatabase(async (db) => {
      expect(await db.$count(users, eq(users.email, "typo@example.com"))).toBe(0);
      expect(await db.$count(users, eq(users.email, "weak2@example.com"))).toBe(0);
    });
  });

  it("refuses a password on the command line, which npm would print, without printing it or creating anything", async () => {
    const secret = "copper-kettle-5150";
    const session = terminal([]);
    expect(
      await startCli("user:create", { email: "argv@example.com", password: secret }, "usage", session.io),
    ).toBe(2);
    expect(session.printed()).toContain("--password is not accepted: npm prints the command line");
    expect(session.printed()).toContain("--password-file");
    expect(session.printed()).not.toContain(secret);
    await withDatabase(async (db) => {
      expect(await db.$count(users, eq(users.email, "argv@example.com"))).toBe(0);
    });
  });

  it("says when ADMIN_EMAILS made the new account an admin, and never prints a password from a file", async () => {
    const secret = "harbor-lights-88-listed";
    const session = terminal([]);
    expect(
      await startCli(
        "user:create",
        { email: "listed@example.com", passwordFile: passwordFile(secret) },
        "usage",
        session.io,
      ),
    ).toBe(0);
    expect(session.printed()).toContain("Created admin listed@example.com (listed in ADMIN_EMAILS).");
    expect(session.printed()).not.toContain(secret);
    await withDatabase(async (db) => {
      const [row] = await db.select().from(users).where(eq(users.email, "listed@example.com"));
      expect(row.role).toBe("admin");
    });
  });
});
