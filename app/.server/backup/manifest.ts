import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The archive's layout version: a restore refuses a layout it does not know. */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";
/** Where a table's rows sit in the archive: PostgreSQL's COPY text format, one row a line. */
export const tableEntry = (table: string) => `db/${table}.copy`;
/** Where a stored file sits in the archive: its storage key under `files/`. */
export const fileEntry = (key: string) => `files/${key}`;

export interface ManifestTable {
  name: string;
  /** Quoted column names, in the order the rows list them (generated columns are left out). */
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface ManifestFile {
  key: string;
  contentType: string;
  bytes: number;
  sha256: string;
}

/** What a backup holds, written into it as manifest.json: a restore checks everything against it first. */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  app: { name: string; version: string };
  createdAt: string;
  engine: "pglite" | "postgres";
  storage: "local" | "s3";
  /** The migrations applied when the snapshot was taken: how many, and the last one's tag and timestamp. */
  migrations: { count: number; lastTag: string | null; lastCreatedAt: number | null };
  tables: ManifestTable[];
  /** Whether the files themselves are in the archive; without them (`--no-files`), only their keys are. */
  filesIncluded: boolean;
  files: ManifestFile[];
  /** With `--no-files`: the keys the bucket held, for operators who keep (and version) the bucket themselves. */
  fileKeys?: string[];
}

/** The SHA-256 (hex) and size of a file, read as a stream. */
export async function digestFile(file: string): Promise<{ sha256: string; bytes: number; lines: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    // COPY's text format escapes newlines inside values, so every row ends with exactly one.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return { sha256: hash.digest("hex"), bytes, lines };
}

/** The app's name and version from package.json in the working directory (where `npm start` and the CLI run). */
export async function appVersion(): Promise<{ name: string; version: string }> {
  try {
    const pkg = JSON.parse(await readFile(path.resolve("package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    return { name: pkg.name ?? "local-shine", version: pkg.version ?? "unknown" };
  } catch {
    return { name: "local-shine", version: "unknown" };
  }
}

/** Bytes as an operator reads them: 41 MB, 820 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
