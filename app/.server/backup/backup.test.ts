import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../infra/db/client";
import { createLocalStorage, type Storage } from "../infra/storage";
import { logger } from "../infra/logging/logger";
import { seedDemoContent } from "../seed/seed-demo";
import { createTestDatabase } from "../../../tests/support/test-database";
import { createBackup } from "./backup";
import type { Manifest } from "./manifest";
import { DamagedBackupError, restoreBackup, RestoreTargetNotEmptyError } from "./restore";

const COUNTED = ["businesses", "business_counts_by_industry", "business_stories", "media", "users"];

async function counts(database: DatabaseHandle) {
  const result: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    result[table] = row.n;
  }
  return result;
}

function filesUnder(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(root, file)] = fs.readFileSync(file).toString("base64");
  }
  return out;
}

describe("backup and restore", () => {
  let source: DatabaseHandle;
  let sourceDir: string;
  let storage: Storage;
  let archive: string;
  let manifest: Manifest;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bk-unit-"));

  beforeAll(async () => {
    source = await createTestDatabase();
    sourceDir = path.join(scratch, "source");
    storage = createLocalStorage({ root: path.join(sourceDir, "uploads") });
    await seedDemoContent({ db: source.db, storage, logger, timeZone: "America/Los_Angeles" });
    await storage.put("owner-1/clip.bin", Readable.from(Buffer.from([0, 1, 2, 3, 10, 13, 255])), {
      contentType: "video/mp4",
    });
    archive = path.join(scratch, "out", "backup.tar.gz");
    const result = await createBackup({ database: source, storage, dataDir: sourceDir }, { out: archive });
    manifest = result.manifest;
    expect(result.bytes).toBe(fs.statSync(archive).size);
  }, 600_000);

  afterAll(async () => {
    await source?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("lists every table's rows and every file's checksum, and leaves no work behind", async () => {
    const sourceCounts = await counts(source);
    for (const table of COUNTED) {
      expect(manifest.tables.find((entry) => entry.name === table)?.rows).toBe(sourceCounts[table]);
    }
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    expect(manifest.files.map((file) => file.key)).toContain("owner-1/clip.bin");
    expect(manifest.files.find((file) => file.key === "owner-1/clip.bin")?.contentType).toBe("video/mp4");
    expect(fs.readdirSync(sourceDir).filter((name) => name.startsWith(".backup-work"))).toEqual([]);
    expect(fs.readdirSync(path.dirname(archive))).toEqual(["backup.tar.gz"]);
  });

  it("restores into an empty embedded database: the same rows, the same bytes, then refuses to overwrite", async () => {
    const targetDir = path.join(scratch, "target");
    const target = await openDatabase({ memory: true });
    const targetStorage = createLocalStorage({ root: path.join(targetDir, "uploads") });
    try {
      const result = await restoreBackup(archive, {
        database: target,
        storage: targetStorage,
        dataDir: targetDir,
      });
      expect(result.files).toBe(manifest.files.length);
      expect(await counts(target)).toEqual(await counts(source));
      expect(filesUnder(path.join(targetDir, "uploads"))).toEqual(
        filesUnder(path.join(sourceDir, "uploads")),
      );
      // The tables' own triggers (the directory's counts) are on again.
      const [disabled] = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`,
      );
      expect(disabled.n).toBe(0);

      await expect(
        restoreBackup(archive, { database: target, storage: targetStorage, dataDir: targetDir }),
      ).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
      const forced = await restoreBackup(
        archive,
        { database: target, storage: targetStorage, dataDir: targetDir },
        { force: true },
      );
      expect(forced.rows).toBe(result.rows);
      expect(await counts(target)).toEqual(await counts(source));
    } finally {
      await target.close();
    }
  }, 600_000);

  it("refuses a flipped byte or a truncated archive, writing nothing", async () => {
    const unpacked = path.join(scratch, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const clip = path.join(unpacked, "files", "owner-1", "clip.bin");
    const bytes = fs.readFileSync(clip);
    bytes[2] ^= 0xff;
    fs.writeFileSync(clip, bytes);
    const flipped = path.join(scratch, "flipped.tar.gz");
    await tar.create({ gzip: true, file: flipped, cwd: unpacked }, ["manifest.json", "db", "files"]);
    const truncated = path.join(scratch, "truncated.tar.gz");
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));

    for (const [file, message] of [
      [flipped, /files\/owner-1\/clip\.bin does not match its checksum/],
      [truncated, /damaged or incomplete/],
    ] as const) {
      const targetDir = path.join(scratch, `refused-${path.basename(file)}`);
      const target = await openDatabase({ memory: true });
      try {
        const error = await restoreBackup(file, {
          database: target,
          storage: createLocalStorage({ root: path.join(targetDir, "uploads") }),
          dataDir: targetDir,
        }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DamagedBackupError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).toMatch(/Nothing was written/);
        const tables = await queryRows<{ n: number }>(
          target.db,
          sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
        );
        expect(tables[0].n).toBe(0);
        expect(fs.readdirSync(targetDir)).toEqual([]);
      } finally {
        await target.close();
      }
    }
  }, 600_000);
});
