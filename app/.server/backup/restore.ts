import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { MIGRATIONS_DIR, type DatabaseHandle } from "../infra/db/client";
import { isValidKey, listLocalKeys, type S3Storage, type Storage } from "../infra/storage";
import { copyTablesIn, hasRows, readJournal } from "./database-copy";
import { ARCHIVE_FORMAT, digestFile, fileEntry, MANIFEST_FILE, tableEntry, type Manifest } from "./manifest";

/** The archive cannot be trusted: nothing was written. */
export class DamagedBackupError extends Error {
  constructor(archive: string, reason: string) {
    super(`${archive} cannot be restored: ${reason}. Nothing was written.`);
    this.name = "DamagedBackupError";
  }
}

/** The target already holds data and `force` was not given: nothing was written. */
export class RestoreTargetNotEmptyError extends Error {
  constructor(what: string) {
    super(
      `The target ${what} already holds data; restore only writes into an empty database and storage. ` +
        `Restore into a fresh DATA_DIR (or an empty DATABASE_URL and bucket), or pass --force to replace ` +
        `everything there with the backup. Nothing was written.`,
    );
    this.name = "RestoreTargetNotEmptyError";
  }
}

export interface RestoreTarget {
  database: DatabaseHandle;
  storage: Storage;
  /** DATA_DIR: the archive is unpacked and checked there before anything is written; local files go to uploads/. */
  dataDir: string;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** Migrations newer than the backup, applied after its rows went in. */
  newerMigrations: number;
  ms: number;
}

/**
 * Restores an archive createBackup wrote (docs/operations.md#restore). Everything is checked before anything is
 * written: the archive unpacks whole, the manifest is one this version reads, every table's and file's SHA-256
 * and size match it, every table has the rows it lists, the backup's migrations are this version's own. Then the
 * target must be empty (unless `force`, which clears it). The schema is migrated to the backup's level, the rows
 * are copied in in one transaction, the files are put into the storage, and the newer migrations run.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const source = path.resolve(archive);
  await stat(source).catch(() => {
    throw new DamagedBackupError(source, "there is no such file");
  });
  await mkdir(target.dataDir, { recursive: true });
  const work = await mkdtemp(path.join(target.dataDir, ".restore-work-"));
  try {
    const manifest = await unpackAndVerify(source, work);
    const journal = await readJournal(MIGRATIONS_DIR);
    const level = manifest.migrations.count;
    if (
      level > journal.length ||
      (level > 0 && journal[level - 1].when !== manifest.migrations.lastCreatedAt)
    ) {
      throw new DamagedBackupError(
        source,
        `it was taken by a newer version of Local Shine (${manifest.app.version}, migration ` +
          `${manifest.migrations.lastTag ?? level}); install that version or a later one, then restore`,
      );
    }

    const storageKeys = await listStorage(target.storage, target.dataDir);
    const dbHasRows = await target.database.copySession("snapshot", hasRows);
    if (!force && (dbHasRows || storageKeys.length > 0)) {
      throw new RestoreTargetNotEmptyError(
        dbHasRows ? (target.database.kind === "pglite" ? "embedded database" : "database") : "storage",
      );
    }

    // Writing starts here. A clean schema, whatever was there (empty tables of a newer version, say).
    await target.database.db.execute(sql.raw("drop schema if exists drizzle cascade"));
    await target.database.db.execute(sql.raw("drop schema if exists public cascade"));
    await target.database.db.execute(sql.raw("create schema public"));
    for (const key of storageKeys) await target.storage.delete(key);

    await target.database.migrate(await migrationsUpTo(journal.slice(0, level), work));
    await target.database.copySession("load", (session) => copyTablesIn(session, manifest, work));
    for (const file of manifest.files) {
      await target.storage.put(file.key, createReadStream(path.join(work, fileEntry(file.key))), {
        contentType: file.contentType,
      });
    }
    await target.database.migrate();
    return {
      manifest,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      newerMigrations: journal.length - level,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    // Retries: a refused extraction may still be closing the files it had begun.
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const COLUMN_NAME = /^(?:[a-z_][a-z0-9_$]{0,62}|"(?:[^"]|""){1,63}")$/;

/** Unpacks the archive into `work` and checks it against its manifest; throws DamagedBackupError otherwise. */
async function unpackAndVerify(archive: string, work: string): Promise<Manifest> {
  try {
    // strict: a damaged header, a checksum or a truncated stream is an error, not a warning.
    await tar.extract({ file: archive, cwd: work, strict: true });
  } catch (error) {
    throw new DamagedBackupError(
      archive,
      `the archive is damaged or incomplete (${(error as Error).message})`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    throw new DamagedBackupError(archive, "it holds no readable manifest.json (is it a Local Shine backup?)");
  }
  if (
    manifest.format !== ARCHIVE_FORMAT ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.files)
  ) {
    throw new DamagedBackupError(
      archive,
      `its manifest is not one this version reads (format ${manifest.format})`,
    );
  }
  for (const table of manifest.tables) {
    // Names go into COPY statements and paths: only what quote_ident and PostgreSQL's own names look like.
    if (!TABLE_NAME.test(table.name) || !table.columns.every((column) => COLUMN_NAME.test(column))) {
      throw new DamagedBackupError(archive, `its manifest names a table or column that is not a plain name`);
    }
    const entry = tableEntry(table.name);
    const digest = await digestFile(path.join(work, entry)).catch(() => null);
    if (!digest) throw new DamagedBackupError(archive, `${entry} is missing`);
    if (digest.bytes !== table.bytes || digest.sha256 !== table.sha256) {
      throw new DamagedBackupError(archive, `${entry} does not match its checksum in the manifest`);
    }
    if (digest.lines !== table.rows) {
      throw new DamagedBackupError(
        archive,
        `${entry} holds ${digest.lines} rows; the manifest lists ${table.rows}`,
      );
    }
  }
  for (const file of manifest.files) {
    if (!isValidKey(file.key)) throw new DamagedBackupError(archive, `it names an invalid key ${file.key}`);
    const entry = fileEntry(file.key);
    const digest = await digestFile(path.join(work, entry)).catch(() => null);
    if (!digest) throw new DamagedBackupError(archive, `${entry} is missing`);
    if (digest.bytes !== file.bytes || digest.sha256 !== file.sha256) {
      throw new DamagedBackupError(archive, `${entry} does not match its checksum in the manifest`);
    }
  }
  return manifest;
}

/** A migrations folder holding only the first `entries` of the app's own: the backup's schema, exactly. */
async function migrationsUpTo(entries: { tag: string; when: number }[], work: string): Promise<string> {
  const folder = path.join(work, "migrations");
  await mkdir(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  journal.entries = journal.entries.slice(0, entries.length);
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of entries) {
    await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** Every key the storage holds (local: under DATA_DIR/uploads; S3: in its bucket). */
async function listStorage(storage: Storage, dataDir: string): Promise<string[]> {
  const keys: string[] = [];
  const source =
    storage.kind === "s3"
      ? (storage as S3Storage).listKeys()
      : listLocalKeys(path.resolve(dataDir, "uploads"));
  for await (const key of source) keys.push(key);
  return keys;
}
