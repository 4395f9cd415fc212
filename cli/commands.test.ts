import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { businesses, businessStories, users } from "~/.server/db/schema";
import { startCli } from "./commands";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-cli-"));

describe("operator CLI", () => {
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates a verified admin, refuses a duplicate and a weak password, and seeds once", async () => {
    expect(
      await startCli(
        "user:create",
        { email: "Chief@Example.com", password: "harbor-lights-88", admin: true },
        "usage",
      ),
    ).toBe(0);
    expect(
      await startCli("user:create", { email: "chief@example.com", password: "harbor-lights-88" }, "usage"),
    ).toBe(1);
    expect(await startCli("user:create", { email: "weak@example.com", password: "123456" }, "usage")).toBe(2);
    expect(await startCli("user:create", { email: "x@example.com" }, "usage")).toBe(2);
    expect(await startCli("seed", {}, "usage")).toBe(0);
    expect(await startCli("seed", {}, "usage")).toBe(0);
    expect(await startCli("bogus", {}, "usage")).toBe(2);

    const handle = await openDatabase({ dataDir });
    try {
      const [chief] = await handle.db.select().from(users).where(eq(users.email, "chief@example.com"));
      expect(chief).toMatchObject({ role: "admin", emailVerified: true });
      expect(await handle.db.$count(users, eq(users.email, "weak@example.com"))).toBe(0);
      expect(await handle.db.$count(businesses)).toBeGreaterThanOrEqual(40);
      expect(await handle.db.$count(businessStories)).toBeGreaterThanOrEqual(15);
    } finally {
      await handle.close();
    }
  });
});
