import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { SerializedError } from "./held-transactions";
import type { PgliteReply, PgliteRequest, PgliteThreadOptions } from "./pglite-worker";

/** What a query answers: the part of PGlite's `Results` that Drizzle and our raw queries read. */
export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface QueryOptions {
  rowMode?: "array" | "object";
}

/** The client Drizzle's PGlite driver talks to: `query` and `transaction`, as on a PGlite instance. */
export interface PgliteLikeClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
}

/** Inside a transaction, COPY too: `COPY … TO '/dev/blob'` into a file, `COPY … FROM '/dev/blob'` from one. */
export interface PgliteTransactionClient extends PgliteLikeClient {
  /** Runs a `COPY … TO '/dev/blob'` statement and writes its output to `file` (which must not exist); answers its size. */
  copyOut(sql: string, file: string): Promise<number>;
  /** Runs a `COPY … FROM '/dev/blob'` statement on the bytes of `file`; answers the rows copied. */
  copyIn(sql: string, file: string): Promise<number>;
}

/**
 * The worker's file. From source it sits next to this module (Node strips its types). In the server build it is
 * an entry of its own, build/server/pglite-worker.js (vite.config.ts), while this module lands in a shared chunk
 * under build/server/assets.
 */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "pglite-worker.ts"),
    path.join(here, "pglite-worker.js"),
    path.join(here, "..", "pglite-worker.js"),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(`the embedded database's worker is missing: looked for ${candidates.join(", ")}`);
  return found;
}

/** A query as it crosses the message channel: rows as objects unless arrays are asked for. */
function queryRequest(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
  return { op: "query" as const, sql, params, rowMode: options.rowMode ?? "object" };
}

/** The requests a transaction makes: it begins, queries inside itself, and ends. */
type TransactionRequest =
  | { op: "begin" }
  | { op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "copyOut" | "copyIn"; tx: number; sql: string; file: string };

/**
 * A transaction over the database thread's message channel: `begin` answers the transaction's number, its
 * queries name it, and `end` commits or rolls back.
 */
async function runTransaction<T>(
  send: (request: TransactionRequest) => Promise<unknown>,
  callback: (tx: PgliteTransactionClient) => Promise<T>,
): Promise<T> {
  const tx = (await send({ op: "begin" })) as number;
  const scoped: PgliteTransactionClient = {
    query: (sql, params = [], options = {}) =>
      send({ ...queryRequest(sql, params, options), tx }) as Promise<ThreadResults>,
    transaction: () => Promise.reject(new Error("nested transactions go through savepoints")),
    copyOut: (sql, file) => send({ op: "copyOut", tx, sql, file }) as Promise<number>,
    copyIn: (sql, file) => send({ op: "copyIn", tx, sql, file }) as Promise<number>,
  };
  let result: T;
  try {
    result = await callback(scoped);
  } catch (error) {
    await send({ op: "end", tx, commit: false }).catch(() => {});
    throw error;
  }
  await send({ op: "end", tx, commit: true });
  return result;
}

/** An error rebuilt from its message, name, stack and own fields (PostgreSQL's code, detail, constraint…). */
export function revive(serialized: SerializedError): Error {
  const { message, name, stack, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  // Where the database thread failed; Drizzle wraps it in an error that names the query and its caller.
  if (stack) error.stack = stack;
  return error;
}

/** Where the client reports a crashed thread and its restart: the server's pino logger, as maintenance.ts takes it. */
export type ThreadLogger = Pick<Logger, "info" | "error">;

/** Waits between attempts to bring a crashed thread back: 1 s, doubling, at most 30 s. */
const RESTART_DELAYS_MS = { first: 1_000, max: 30_000 };

/** Starts a worker and waits for its database to open. */
async function spawn(options: PgliteThreadOptions): Promise<Worker> {
  const worker = new Worker(workerFile(), { workerData: options });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (reply: PgliteReply) => {
      if (reply.id !== 0) return;
      worker.off("message", onMessage);
      worker.off("error", reject);
      if (reply.ok) resolve();
      else reject(revive(reply.error));
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`the embedded database's thread stopped while starting (exit code ${code})`)),
    );
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();
  return worker;
}

/**
 * PGlite on its own thread (docs/decisions/007-embedded-database-thread.md). Requests are numbered and answered
 * in any order; the worker keeps the process alive only while an answer is awaited, so a tool that forgets to
 * close still exits, and a server never exits with a query in flight.
 *
 * If the thread dies (PGlite aborts, or the worker crashes), the queries it held fail, and a database on disk is
 * opened again on a new thread, as PostgreSQL recovers after a crash: queries then succeed again without
 * restarting the app. While a restart is under way, queries wait for it; if it fails, they fail (so /healthz
 * answers 503) and the next attempt follows after a back-off. An in-memory database is gone with its thread, so
 * it is not restarted.
 */
export class PgliteThreadClient implements PgliteLikeClient {
  readonly #options: PgliteThreadOptions;
  readonly #logger: ThreadLogger | undefined;
  /** The live thread, or null while it is being replaced (or after close). */
  #worker: Worker | null = null;
  /** Settles when the latest (re)start settles: the thread new requests go to, or why there is none. */
  #current: Promise<Worker>;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #closed: Error | null = null;
  #restartDelay = RESTART_DELAYS_MS.first;
  #retryTimer: NodeJS.Timeout | undefined;

  private constructor(options: PgliteThreadOptions, worker: Worker, logger: ThreadLogger | undefined) {
    this.#options = options;
    this.#logger = logger;
    this.#current = Promise.resolve(worker);
    this.#adopt(worker);
  }

  static async start(options: PgliteThreadOptions, logger?: ThreadLogger): Promise<PgliteThreadClient> {
    return new PgliteThreadClient(options, await spawn(options), logger);
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.#request(queryRequest(sql, params, options)) as Promise<ThreadResults>;
  }

  async transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
    const worker = await this.#live();
    // A transaction lives on the thread that began it: if that thread dies, its queries fail, never reaching a
    // new thread that knows nothing of it.
    return runTransaction((request) => this.#request(request, worker), callback);
  }

  /** Writes the whole database, as PGlite dumps it, to `file`: what `loadDump` starts another one from. */
  async dump(file: string): Promise<number> {
    return (await this.#request({ op: "dump", file })) as number;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = new Error("the embedded database is closed");
    clearTimeout(this.#retryTimer);
    const worker = await this.#current.catch(() => null);
    if (!worker) return;
    if (worker !== this.#worker) {
      // A thread that a restart brought up as this closed: it never served, so it needs no orderly close.
      await worker.terminate();
      return;
    }
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await this.#send(worker, { op: "close" });
    this.#worker = null;
    // The thread ends by itself after closing PGlite; terminating is only the fallback if it does not.
    const fallback = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(fallback);
  }

  /** Ends the thread the way a crash would, without closing the database (for the fault tests). */
  async crash(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await worker.terminate();
    await exited;
  }

  #adopt(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: PgliteReply) => this.#settle(reply));
    // An uncaught error in the thread is followed by its exit; the exit is what counts.
    worker.on("error", () => {});
    worker.once("exit", (code) => this.#lost(worker, code));
  }

  /** The thread is gone: fail what it held, and bring the database back on a new thread. */
  #lost(worker: Worker, code: number) {
    if (worker !== this.#worker) return;
    this.#worker = null;
    const error = new Error(`the embedded database's thread stopped (exit code ${code})`);
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
    if (this.#closed) return;
    if (this.#options.dataDir === undefined) {
      this.#current = Promise.reject(error);
      this.#current.catch(() => {});
      return;
    }
    this.#logger?.error({ err: error }, "the embedded database's thread stopped; opening the database again");
    this.#restart();
  }

  #restart() {
    const attempt = spawn(this.#options);
    this.#current = attempt;
    attempt.then(
      (worker) => {
        if (this.#closed) {
          void worker.terminate();
          return;
        }
        this.#restartDelay = RESTART_DELAYS_MS.first;
        this.#adopt(worker);
        this.#logger?.info({}, "the embedded database is open again");
      },
      (error: unknown) => {
        if (this.#closed) return;
        const delay = this.#restartDelay;
        this.#restartDelay = Math.min(delay * 2, RESTART_DELAYS_MS.max);
        this.#logger?.error(
          { err: error, retryInMs: delay },
          "the embedded database could not be opened again",
        );
        this.#retryTimer = setTimeout(() => this.#restart(), delay);
        this.#retryTimer.unref();
      },
    );
  }

  /** The thread to send to: the live one, or the one a restart under way brings up. */
  async #live(): Promise<Worker> {
    if (this.#closed) throw this.#closed;
    const worker = await this.#current;
    if (this.#closed) throw this.#closed;
    // It may have died while this request waited its turn.
    if (worker !== this.#worker) return this.#live();
    return worker;
  }

  async #request(request: DistributiveOmit<PgliteRequest, "id">, worker?: Worker): Promise<unknown> {
    // The live thread at once when there is one; only a restart under way is waited for.
    const target = worker ?? this.#worker ?? (await this.#live());
    if (this.#closed) throw this.#closed;
    if (target !== this.#worker) throw new Error("the embedded database's thread stopped");
    return this.#send(target, request);
  }

  #send(worker: Worker, request: DistributiveOmit<PgliteRequest, "id">): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: PgliteReply) {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(revive(reply.error));
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
