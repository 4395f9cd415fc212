// The embedded database's own thread (docs/decisions/007-embedded-database-thread.md). PGlite is PostgreSQL
// compiled to WebAssembly: every query runs synchronously on the thread that owns it. Here that is this worker,
// so pages keep rendering on the main thread while a query runs, and the database work lands on another core.
// The main thread talks to it through `PgliteThreadClient` (pglite-thread.ts) with the messages typed below.
//
// Loaded by Node directly (its type stripping in tests and tools; the server build emits it as JavaScript), so
// this file uses only erasable TypeScript and imports nothing of the app except held-transactions.ts, which keeps the same rules.
import { readFile, writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types, type Results, type Transaction } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { heldTransactions, serializeError, type SerializedError } from "./held-transactions.ts";

export interface PgliteThreadOptions {
  /** A directory, or undefined for an in-memory database. */
  dataDir: string | undefined;
  /**
   * An in-memory database only: a file holding a database PGlite dumped (`dumpDataDir`, uncompressed), which it
   * starts from instead of an empty cluster. The tests start each file's database from one migrated dump
   * (tests/support/test-database.ts).
   */
  loadDump?: string;
}

export type PgliteRequest =
  | { id: number; op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  /** COPY … TO '/dev/blob' inside a transaction, its output written to `file` (backups). */
  | { id: number; op: "copyOut"; tx: number; sql: string; file: string }
  /** COPY … FROM '/dev/blob' inside a transaction, its input read from `file` (restores). */
  | { id: number; op: "copyIn"; tx: number; sql: string; file: string }
  /** The whole database as PGlite dumps it (an uncompressed tarball), written to `file` (the tests' template). */
  | { id: number; op: "dump"; file: string }
  | { id: number; op: "close" };

export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/**
 * Drizzle keeps dates, timestamps and intervals as PostgreSQL's text and maps them itself; it passes these
 * parsers with every query. Functions cannot cross threads, so the thread applies the same ones to every query.
 */
const keepAsText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepAsText],
  ),
);

/** Answers a request; a value that cannot cross threads becomes that request's error, never the thread's end. */
function reply(message: PgliteReply) {
  try {
    parentPort!.postMessage(message);
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: serializeError(error),
    } satisfies PgliteReply);
  }
}

/** What crosses back: the rows and counts, not PGlite's class instances. */
function plain(result: Results): unknown {
  return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
}

async function serve() {
  const port = parentPort!;
  const { dataDir, loadDump } = workerData as PgliteThreadOptions;
  const loadDataDir = loadDump && !dataDir ? new Blob([await readFile(loadDump)]) : undefined;
  const db = await PGlite.create(dataDir ?? "memory://", {
    extensions: { pg_trgm, cube, earthdistance },
    loadDataDir,
  });
  const transactions = heldTransactions<Transaction>(db);

  async function handle(request: PgliteRequest): Promise<unknown> {
    switch (request.op) {
      case "query": {
        const target = request.tx === undefined ? db : transactions.get(request.tx);
        if (!target) throw new Error("the transaction has already ended");
        return plain(
          await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers: PARSERS }),
        );
      }
      case "copyOut": {
        const target = transactions.get(request.tx);
        if (!target) throw new Error("the transaction has already ended");
        const result = await target.query(request.sql);
        // The rows go straight to a file: a table's copy never crosses threads.
        const bytes = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array();
        await writeFile(request.file, bytes, { flag: "wx" });
        return bytes.byteLength;
      }
      case "copyIn": {
        const target = transactions.get(request.tx);
        if (!target) throw new Error("the transaction has already ended");
        const blob = new Blob([await readFile(request.file)]);
        const result = await target.query(request.sql, [], { blob });
        return result.affectedRows ?? 0;
      }
      case "begin":
        return transactions.begin();
      case "end":
        await transactions.end(request.tx, request.commit);
        return null;
      case "dump": {
        const dump = await db.dumpDataDir("none");
        await writeFile(request.file, new Uint8Array(await dump.arrayBuffer()));
        return dump.size;
      }
      case "close":
        await db.close();
        return null;
    }
  }

  port.on("message", (request: PgliteRequest) => {
    handle(request).then(
      (value) => {
        reply({ id: request.id, ok: true, value });
        // Closed: stop listening, so the thread ends on its own once the reply is out (no terminate needed).
        if (request.op === "close") port.close();
      },
      (error: unknown) => {
        reply({ id: request.id, ok: false, error: serializeError(error) });
        // PGlite aborted: its WebAssembly instance is unusable. Ending the thread makes the client open the
        // database again on a new one (pglite-thread.ts), as PostgreSQL recovers after a crash.
        if (error instanceof WebAssembly.RuntimeError) process.exit(1);
      },
    );
  });
  reply({ id: 0, ok: true, value: "ready" });
}

serve().catch((error: unknown) => reply({ id: 0, ok: false, error: serializeError(error) }));
