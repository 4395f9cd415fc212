import path from "node:path";
import { createBackup } from "~/.server/backup/backup";
import { requestBackup } from "~/.server/backup/control-socket";
import { formatBytes } from "~/.server/backup/manifest";
import { DamagedBackupError, restoreBackup, RestoreTargetNotEmptyError } from "~/.server/backup/restore";
import { openConfiguredDatabase } from "~/.server/infra/db/client";
import type { Env } from "~/.server/infra/config/env";
import { createS3Storage, createStorage, type S3Storage, type Storage } from "~/.server/infra/storage";

function describe(result: {
  file: string;
  bytes: number;
  ms: number;
  tables: number;
  rows: number;
  files: number;
}) {
  return (
    `Backup written: ${result.file} (${formatBytes(result.bytes)}; ${result.tables} tables, ` +
    `${result.rows} rows, ${result.files} files) in ${(result.ms / 1000).toFixed(1)} s.`
  );
}

/**
 * `backup --out FILE [--no-files]`. With the embedded database and a server running, the server makes the
 * snapshot (it owns the database) through DATA_DIR's control socket; otherwise this process opens the database.
 */
export async function runBackup(env: Env, options: { out?: string; files: boolean }): Promise<number> {
  if (!options.out) {
    console.error("backup needs --out FILE (for example --out backups/local-shine.tar.gz)");
    return 2;
  }
  const out = path.resolve(options.out);
  if (!env.DATABASE_URL) {
    const reply = await requestBackup(env.DATA_DIR, { op: "backup", out, files: options.files });
    if (reply) {
      if (!reply.ok) {
        console.error(`The running server could not write the backup: ${reply.error}`);
        return 1;
      }
      console.log(describe(reply) + " (taken by the running server)");
      return 0;
    }
  }
  const database = await openConfiguredDatabase(env);
  const storage = createStorage(env);
  try {
    const result = await createBackup(
      { database, storage, dataDir: env.DATA_DIR },
      { out, files: options.files },
    );
    console.log(
      describe({
        ...result,
        tables: result.manifest.tables.length,
        rows: result.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        files: result.manifest.files.length,
      }),
    );
    return 0;
  } finally {
    closeStorage(storage);
    await database.close();
  }
}

/** `restore FILE [--force] [--to-s3]`: into the configured database (DATABASE_URL, else DATA_DIR) and storage. */
export async function runRestore(
  env: Env,
  file: string | undefined,
  options: { force: boolean; toS3: boolean },
): Promise<number> {
  if (!file) {
    console.error("restore needs the backup's file: npm run cli -- restore FILE [--force] [--to-s3]");
    return 2;
  }
  const database = await openConfiguredDatabase(env);
  const storage: Storage = options.toS3
    ? createS3Storage({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        publicBaseUrl: env.S3_PUBLIC_URL,
      })
    : createStorage(env);
  try {
    const result = await restoreBackup(
      file,
      { database, storage, dataDir: env.DATA_DIR },
      { force: options.force },
    );
    const { manifest } = result;
    console.log(
      `Restored ${path.resolve(file)} (Local Shine ${manifest.app.version}, taken ${manifest.createdAt} from the ` +
        `${manifest.engine === "pglite" ? "embedded database" : "PostgreSQL database"}): ${result.rows} rows into ` +
        `${database.kind === "pglite" ? `the embedded database in ${path.resolve(env.DATA_DIR, "db")}` : "DATABASE_URL"}, ` +
        `${result.files} files into ${storage.kind === "s3" ? `the bucket ${env.S3_BUCKET}` : "DATA_DIR/uploads"}` +
        `${result.newerMigrations > 0 ? `; ${result.newerMigrations} newer migrations applied` : ""}, in ` +
        `${(result.ms / 1000).toFixed(1)} s.`,
    );
    if (!manifest.filesIncluded) {
      console.log(
        `The backup holds no files (taken with --no-files): its manifest lists the ${manifest.fileKeys?.length ?? 0} keys the bucket held.`,
      );
    }
    if (options.toS3 && env.STORAGE !== "s3") {
      console.log(
        "The files are in the bucket: start the server with STORAGE=s3 and the same S3_* variables.",
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof DamagedBackupError || error instanceof RestoreTargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    closeStorage(storage);
    await database.close();
  }
}

function closeStorage(storage: Storage) {
  if (storage.kind === "s3") (storage as S3Storage).close();
}
