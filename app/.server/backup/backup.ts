import { createWriteStream } from "node:fs";
import { copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import { MIGRATIONS_DIR, type DatabaseHandle } from "../infra/db/client";
import {
  listLocalKeys,
  localContentType,
  SIDECAR_SUFFIX,
  type S3Storage,
  type Storage,
} from "../infra/storage";
import { countRows, listTables, migrationLevel, readJournal } from "./database-copy";
import {
  ARCHIVE_FORMAT,
  appVersion,
  digestFile,
  fileEntry,
  MANIFEST_FILE,
  tableEntry,
  type Manifest,
} from "./manifest";

/** What a backup reads: the open database, the storage, and DATA_DIR (local files live in DATA_DIR/uploads). */
export interface BackupSource {
  database: DatabaseHandle;
  storage: Storage;
  dataDir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

/**
 * Writes one archive (tar, gzip) to `out`: every table of the database as COPY rows, taken in one REPEATABLE READ
 * snapshot, every stored file (or with `files: false` only their keys), and manifest.json listing the app's
 * version, the migration level, each table's row count and each file's SHA-256 (docs/operations.md#backups).
 *
 * With local storage the files are hard-linked into the work directory while the snapshot's transaction is open:
 * a file put() had moved into place by then is in it whole, and one deleted later is kept by its link. With the
 * embedded database the site's queries wait while the rows are copied out (its one session); files are read after.
 * The archive appears under `out` only when complete (written beside it, then renamed).
 */
export async function createBackup(
  source: BackupSource,
  { out, files = true }: { out: string; files?: boolean },
): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(out);
  await mkdir(path.dirname(target), { recursive: true });
  await mkdir(source.dataDir, { recursive: true });
  // In DATA_DIR, beside uploads/, so that files can be hard-linked rather than copied.
  const work = await mkdtemp(path.join(source.dataDir, ".backup-work-"));
  const partial = `${target}.partial-${process.pid}-${Date.now()}`;
  try {
    await mkdir(path.join(work, "db"));
    await mkdir(path.join(work, "files"));
    const uploads = path.resolve(source.dataDir, "uploads");
    const local = source.storage.kind === "local";

    const snapshot = await source.database.copySession("snapshot", async (session) => {
      const tables = await listTables(session);
      const level = await migrationLevel(session);
      const counts = await countRows(
        session,
        tables.map((table) => table.name),
      );
      for (const table of tables) {
        await session.copyOut(quoteName(table.name), table.columns, path.join(work, tableEntry(table.name)));
      }
      const keys: string[] = [];
      if (local) {
        for await (const key of listLocalKeys(uploads)) {
          if (files) await linkInto(path.join(uploads, key), path.join(work, fileEntry(key)), true);
          keys.push(key);
        }
      }
      return { tables, level, counts, keys };
    });

    let keys = snapshot.keys;
    if (!local) keys = await listBucket(source.storage);

    const manifestFiles: Manifest["files"] = [];
    if (files) {
      for (const key of keys) {
        const dest = path.join(work, fileEntry(key));
        let contentType: string;
        if (local) {
          contentType = await localContentType(dest);
          await rm(dest + SIDECAR_SUFFIX, { force: true });
        } else {
          const info = await source.storage.stat(key);
          const body = await source.storage.read(key);
          // Deleted from the bucket since it was listed: the rows of the snapshot no longer name it either.
          if (!info || !body) continue;
          contentType = info.contentType;
          await mkdir(path.dirname(dest), { recursive: true });
          await pipeline(body, createWriteStream(dest, { flags: "wx" }));
        }
        const digest = await digestFile(dest);
        manifestFiles.push({ key, contentType, bytes: digest.bytes, sha256: digest.sha256 });
      }
    }

    const tables: Manifest["tables"] = [];
    for (const table of snapshot.tables) {
      const digest = await digestFile(path.join(work, tableEntry(table.name)));
      const rows = snapshot.counts.get(table.name) ?? 0;
      if (digest.lines !== rows) {
        throw new Error(`the copy of ${table.name} has ${digest.lines} rows, its count ${rows}`);
      }
      tables.push({
        name: table.name,
        columns: table.columns,
        rows,
        bytes: digest.bytes,
        sha256: digest.sha256,
      });
    }

    const journal = await readJournal(MIGRATIONS_DIR).catch(() => []);
    const last = snapshot.level.last;
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      app: await appVersion(),
      createdAt: new Date().toISOString(),
      engine: source.database.kind,
      storage: source.storage.kind,
      migrations: {
        count: snapshot.level.count,
        lastTag: journal.find((entry) => entry.when === last)?.tag ?? null,
        lastCreatedAt: last,
      },
      tables,
      filesIncluded: files,
      files: manifestFiles,
      ...(files ? {} : { fileKeys: keys }),
    };
    await writeFile(path.join(work, MANIFEST_FILE), JSON.stringify(manifest, null, 2));

    // Compressed by Node's zlib stream, which works in the thread pool: tar's own gzip option compresses on the
    // main thread, and the site's requests waited behind it for the whole archive.
    await pipeline(
      tar.create({ cwd: work, portable: true }, [MANIFEST_FILE, "db", "files"]),
      createGzip(),
      createWriteStream(partial, { flags: "wx" }),
    );
    await rename(partial, target);
    const { size } = await stat(target);
    return { file: target, bytes: size, ms: Math.round(performance.now() - started), manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

function quoteName(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Hard-links `from` (and its sidecar) to `to`; copies when the two are on different file systems. */
async function linkInto(from: string, to: string, withSidecar: boolean) {
  await mkdir(path.dirname(to), { recursive: true });
  await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
    await copyFile(from, to);
  });
  if (withSidecar) {
    await link(from + SIDECAR_SUFFIX, to + SIDECAR_SUFFIX).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return;
      if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
      await copyFile(from + SIDECAR_SUFFIX, to + SIDECAR_SUFFIX).catch(() => {});
    });
  }
}

async function listBucket(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of (storage as S3Storage).listKeys()) keys.push(key);
  return keys;
}
