import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PgliteReply, PgliteRequest, PgliteThreadOptions, SerializedError } from "./pglite-worker";

/** What a query answers: the part of PGlite's `Results` that Drizzle and our raw queries read. */
export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

interface QueryOptions {
  rowMode?: "array" | "object";
}

/** The client Drizzle's PGlite driver talks to: `query` and `transaction`, as on a PGlite instance. */
export interface PgliteLikeClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  transaction<T>(callback: (tx: PgliteLikeClient) => Promise<T>): Promise<T>;
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

function revive(serialized: SerializedError): Error {
  const { message, name, stack, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  // Where the database thread failed; Drizzle wraps it in an error that names the query and its caller.
  if (stack) error.stack = stack;
  return error;
}

/**
 * PGlite on its own thread (docs/decisions/007-embedded-database-thread.md). Requests are numbered and answered
 * in any order; the worker keeps the process alive only while an answer is awaited, so a tool that forgets to
 * close still exits, and a server never exits with a query in flight.
 */
export class PgliteThreadClient implements PgliteLikeClient {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #failure: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: PgliteReply) => this.#settle(reply));
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", (code) =>
      this.#fail(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThreadClient> {
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
    const client = new PgliteThreadClient(worker);
    worker.unref();
    return client;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResults> {
    return this.#request({
      op: "query",
      sql,
      params,
      rowMode: options.rowMode ?? "object",
    }) as Promise<ThreadResults>;
  }

  async transaction<T>(callback: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    const tx = (await this.#request({ op: "begin" })) as number;
    const scoped: PgliteLikeClient = {
      query: (sql, params = [], options = {}) =>
        this.#request({
          op: "query",
          sql,
          params,
          rowMode: options.rowMode ?? "object",
          tx,
        }) as Promise<ThreadResults>,
      transaction: () => Promise.reject(new Error("nested transactions go through savepoints")),
    };
    let result: T;
    try {
      result = await callback(scoped);
    } catch (error) {
      await this.#request({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#request({ op: "end", tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve));
    await this.#request({ op: "close" });
    this.#failure = new Error("the embedded database is closed");
    // The thread ends by itself after closing PGlite; terminating is only the fallback if it does not.
    const fallback = setTimeout(() => void this.#worker.terminate(), 5_000);
    await exited;
    clearTimeout(fallback);
  }

  #request(request: DistributiveOmit<PgliteRequest, "id">): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: PgliteReply) {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(revive(reply.error));
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
