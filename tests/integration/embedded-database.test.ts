import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/infra/db/client";
import { DatabaseLockedError } from "~/.server/infra/db/file-lock";
import { users } from "~/.server/infra/db/schema";

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-embedded-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tsx = ["--import", "tsx"];

describe("the embedded database has one owner", () => {
  it("refuses a second opener in the same process tree with a message naming the holder", async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await first.close();
    }
    // Released on close: it opens again.
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("makes the CLI stop at once while another process holds it", async () => {
    const dataDir = tempDataDir();
    const holder = await openDatabase({ dataDir });
    try {
      const result = spawnSync(process.execPath, [...tsx, "cli/index.ts", "migrate"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 240_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toContain("stop that process");
      expect(result.stderr).toContain("DATABASE_URL");
      // At once: it did not wait for the lock (waiting would have run into the timeout, which sets `error`).
      expect(result.error).toBeUndefined();
    } finally {
      await holder.close();
    }
  });
});

describe("durability", () => {
  it("keeps a committed row when the owner is killed with SIGKILL, and the next process takes over the lock", async () => {
    const dataDir = tempDataDir();
    const child = spawn(
      process.execPath,
      [...tsx, "tests/integration/fixtures/write-and-hang.ts", dataDir, "durable-1"],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("committed")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    const reopened = await openDatabase({ dataDir });
    try {
      const rows = await reopened.db.select().from(users).where(eq(users.id, "durable-1"));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
