import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CopySession } from "../infra/db/client";
import { tableEntry, type Manifest } from "./manifest";

interface TableShape {
  name: string;
  columns: string[];
}

/** The app's tables (schema public) and their stored columns, quoted; generated columns cannot be copied in. */
export async function listTables(session: CopySession): Promise<TableShape[]> {
  const rows = await session.query<{ name: string; columns: string[] | string }>(
    `select c.relname as name,
            (select json_agg(quote_ident(a.attname) order by a.attnum)
               from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  return rows.map((row) => ({
    name: row.name,
    columns: typeof row.columns === "string" ? (JSON.parse(row.columns) as string[]) : row.columns,
  }));
}

/** The migrations the database has applied (drizzle's own table), or none on an empty database. */
export async function migrationLevel(session: CopySession): Promise<{ count: number; last: number | null }> {
  const [exists] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists.present) return { count: 0, last: null };
  const [row] = await session.query<{ count: number; last: string | null }>(
    `select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: row.count, last: row.last === null ? null : Number(row.last) };
}

/** Row counts of every table, in one statement so they come from the session's one snapshot. */
export async function countRows(session: CopySession, tables: string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const parts = tables.map(
    (table, index) => `select ${index} as i, count(*)::bigint::text as n from ${quote(table)}`,
  );
  const rows = await session.query<{ i: number; n: string }>(parts.join(" union all "));
  return new Map(rows.map((row) => [tables[row.i], Number(row.n)]));
}

/** Parents before children, so every foreign key finds its row already there while a restore copies in. */
export async function loadOrder(session: CopySession, tables: string[]): Promise<string[]> {
  const edges = await session.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
       from pg_constraint c
       join pg_class ch on ch.oid = c.conrelid
       join pg_class pa on pa.oid = c.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and ch.oid <> pa.oid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`the tables' foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Whether the database holds any row in any of the app's tables. */
export async function hasRows(session: CopySession): Promise<boolean> {
  const tables = await listTables(session);
  const counts = await countRows(
    session,
    tables.map((table) => table.name),
  );
  return [...counts.values()].some((count) => count > 0);
}

/**
 * Copies every table of the manifest in from `dir` (the unpacked archive), on a schema migrated to the backup's
 * level: parents first, the tables' own triggers off (the rows already hold what they computed, such as the
 * directory's counts), sequences moved past the rows. Then every table's count must equal the manifest's.
 */
export async function copyTablesIn(session: CopySession, manifest: Manifest, dir: string): Promise<void> {
  const present = new Set((await listTables(session)).map((table) => table.name));
  const missing = manifest.tables.filter((table) => !present.has(table.name));
  if (missing.length > 0) {
    throw new Error(
      `the migrated database has no table ${missing.map((table) => table.name).join(", ")} that the backup holds`,
    );
  }
  const byName = new Map(manifest.tables.map((table) => [table.name, table]));
  const order = await loadOrder(session, [...byName.keys()]);
  for (const name of order) await session.query(`alter table ${quote(name)} disable trigger user`);
  for (const name of order) {
    const table = byName.get(name)!;
    if (table.rows === 0) continue;
    await session.copyIn(quote(name), table.columns, path.join(dir, tableEntry(name)));
  }
  for (const name of order) await session.query(`alter table ${quote(name)} enable trigger user`);
  await advanceSequences(session, order);
  const counts = await countRows(session, order);
  for (const table of manifest.tables) {
    if (counts.get(table.name) !== table.rows) {
      throw new Error(
        `${table.name} holds ${counts.get(table.name)} rows after copying in; the backup lists ${table.rows}`,
      );
    }
  }
}

/** Every sequence owned by a column moves past the largest value the restored rows hold. */
async function advanceSequences(session: CopySession, tables: string[]): Promise<void> {
  const owned = await session.query<{ table: string; column: string; sequence: string }>(
    `select c.relname as table, a.attname as column, s.oid::regclass::text as sequence
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class c on c.oid = d.refobjid
       join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = c.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { table, column, sequence } of owned) {
    if (!tables.includes(table)) continue;
    await session.query(
      `select setval($1::regclass, coalesce((select max(${quote(column)}) from ${quote(table)}), 1),
                     (select max(${quote(column)}) from ${quote(table)}) is not null)`,
      [sequence],
    );
  }
}

/** The journal of a migrations folder: each migration's tag and timestamp, in order. */
export async function readJournal(folder: string): Promise<{ tag: string; when: number }[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}
