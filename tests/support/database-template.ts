import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { databasePrefix } from "./database-prefix";
import { MIGRATIONS_DIR, openDatabase } from "../../app/.server/infra/db/client";

// Every test file gets a database of its own, fresh and migrated. Starting one from nothing costs an empty
// cluster's set-up and every migration (seconds each, dozens of files); so the test run migrates ONE database and
// every file's database starts as a copy of it: PGlite loads a dump of it, PostgreSQL clones it (CREATE DATABASE
// … TEMPLATE). The template is named by a hash of the migrations, so a changed migration builds a new one, and each
// file still runs the migrator on its copy (which then finds nothing to do).

/** What the run's global set-up hands every test file: where its database starts from. */
export interface DatabaseTemplate {
  /** The embedded database's dump, a file. */
  pgliteDump?: string;
  /** The PostgreSQL database to clone (TEST_DATABASE_URL's server). */
  postgresTemplate?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A hash of the migrations (SQL and journal) and the embedded engine's version: what a template depends on. */
export function templateKey(): string {
  const hash = createHash("sha256");
  const files = fs
    .readdirSync(MIGRATIONS_DIR, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".sql") || file.endsWith("_journal.json"))
    .sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  const pglite = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  return hash.digest("hex").slice(0, 16);
}

/** The migrated embedded database's dump under .tmp, built once (written aside, then renamed into place). */
export async function preparePgliteDump(dir = path.resolve(".tmp/test-templates")): Promise<string> {
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({ memory: true });
  const building = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    await handle.migrate();
    await handle.dump!(building);
    fs.renameSync(building, file);
  } finally {
    fs.rmSync(building, { force: true });
    await handle.close();
  }
  // Older templates (other migrations) are of no further use.
  for (const old of fs.readdirSync(dir))
    if (old.startsWith("pglite-") && path.join(dir, old) !== file && !old.includes(".tar."))
      fs.rmSync(path.join(dir, old), { force: true });
  return file;
}

/** A migrated PostgreSQL database to clone, built once per set of migrations on that server. */
export async function preparePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${databasePrefix()}tpl_${templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const known = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (known.rowCount) return name;
    // Built under a name of its own and renamed when complete, so a run that stops half way leaves no template
    // that looks finished, and two runs building at once both end with the same one.
    const building = `${name}_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!exists.rowCount) throw error;
    }
    // Templates of other migrations on this server are of no further use.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 and datname <> $2",
      [`${databasePrefix()}tpl\\_%`, name],
    );
    for (const { datname } of stale.rows)
      if (/^[a-z0-9_]+$/.test(datname)) await admin.query(`drop database if exists ${datname} with (force)`);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A migrated embedded database on disk (a DATA_DIR's `db`), built once per set of migrations, that a test server's
 * fresh DATA_DIR starts as a copy of (tests/support/server-process.ts).
 */
export async function prepareServerDatabase(dir = path.resolve(".tmp/test-templates")): Promise<string> {
  const target = path.join(dir, `server-db-${templateKey()}`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const building = `${target}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    const handle = await openDatabase({ dataDir: building });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    // Two files building at once: the first rename wins and the other's copy is dropped.
    try {
      fs.renameSync(path.join(building, "db"), target);
    } catch (error) {
      if (!fs.existsSync(target)) throw error;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return target;
}
