// The embedded database shared by the server's processes (WEB_CONCURRENCY > 1; docs/decisions/008-server-processes.md).
// PGlite belongs to one process: the cluster's primary opens it (on its own thread, pglite-thread.ts), and each
// worker process sends its queries over the IPC channel Node's cluster keeps to the primary. The primary runs them
// and answers; a worker's transaction stays open in the primary until the worker ends it, and is rolled back if
// the worker dies first.
import {
  queryRequest,
  revive,
  runTransaction,
  type QueryOptions,
  type PgliteLikeClient,
  type ThreadResults,
  type TransactionRequest,
} from "./pglite-thread";
import { heldTransactions, serializeError, type SerializedError } from "./held-transactions";

/** The messages on the relay carry this channel name; the cluster's other messages (page cache) do not. */
export const RELAY_CHANNEL = "local-shine:db";

type RelayRequest = { channel: typeof RELAY_CHANNEL; id: number } & (
  | { op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; tx?: number }
  | Exclude<TransactionRequest, { op: "query" }>
);

type RelayReply = { channel: typeof RELAY_CHANNEL; id: number } & (
  { ok: true; value: unknown } | { ok: false; error: SerializedError }
);

/** One end of an IPC channel: a cluster worker seen from the primary, or the primary seen from a worker. */
export interface RelayChannel {
  /**
   * Sends a message; a channel that has closed (its process is gone) reports it to `done`, never as an 'error'
   * event, which nobody would handle and which would end the process.
   */
  send(message: unknown, done: (error: Error | null) => void): void;
  /** Listens for messages; the answer stops listening. */
  listen(listener: (message: unknown) => void): () => void;
}

function isRelayMessage(message: unknown): message is { channel: typeof RELAY_CHANNEL; id: number } {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { channel?: unknown }).channel === RELAY_CHANNEL
  );
}

/**
 * The primary's side: runs one worker's requests on `client`. `close()` (the worker has exited) rolls back the
 * transactions it left open, so the database is never left locked by a process that is gone.
 */
export function serveRelay(client: PgliteLikeClient, channel: RelayChannel): { close(): Promise<void> } {
  const transactions = heldTransactions<PgliteLikeClient>(client);

  async function handle(request: RelayRequest): Promise<unknown> {
    switch (request.op) {
      case "query": {
        const target = request.tx === undefined ? client : transactions.get(request.tx);
        if (!target) throw new Error("the transaction has already ended");
        return target.query(request.sql, request.params, { rowMode: request.rowMode });
      }
      case "begin":
        return transactions.begin();
      case "end":
        await transactions.end(request.tx, request.commit);
        return null;
    }
  }

  const stop = channel.listen((message) => {
    if (!isRelayMessage(message)) return;
    const request = message as RelayRequest;
    handle(request).then(
      (value) => reply({ channel: RELAY_CHANNEL, id: request.id, ok: true, value }),
      (error: unknown) =>
        reply({ channel: RELAY_CHANNEL, id: request.id, ok: false, error: serializeError(error) }),
    );
  });

  function reply(message: RelayReply) {
    // A worker gone before its answer: nothing to do; close() rolls back what it left open.
    const ignore = () => {};
    try {
      channel.send(message, ignore);
    } catch {
      ignore();
    }
  }

  return {
    async close() {
      stop();
      await transactions.rollbackAll();
    },
  };
}

/** A worker's side: the client Drizzle's PGlite driver talks to, answered by the primary's database. */
export class PgliteRelayClient implements PgliteLikeClient {
  readonly #channel: RelayChannel;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #stop: () => void;
  #nextId = 1;
  #closed: Error | null = null;

  constructor(channel: RelayChannel) {
    this.#channel = channel;
    this.#stop = channel.listen((message) => {
      if (!isRelayMessage(message)) return;
      const reply = message as RelayReply;
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(revive(reply.error));
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.#request(queryRequest(sql, params, options)) as Promise<ThreadResults>;
  }

  transaction<T>(callback: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    return runTransaction((request) => this.#request(request), callback);
  }

  /** Stops listening; requests still waiting fail. */
  close() {
    this.#closed ??= new Error("the embedded database is closed");
    this.#stop();
    for (const waiting of this.#pending.values()) waiting.reject(this.#closed);
    this.#pending.clear();
  }

  #request(request: DistributiveOmit<RelayRequest, "id" | "channel">): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const failed = (error: Error | null) => {
        if (!error) return;
        this.#pending.delete(id);
        reject(error);
      };
      try {
        this.#channel.send({ ...request, id, channel: RELAY_CHANNEL }, failed);
      } catch (error) {
        failed(error as Error);
      }
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** This process's channel to the cluster's primary (a worker process: `process.send` exists). */
export function primaryChannel(): RelayChannel {
  if (!process.send) throw new Error("not a cluster worker: there is no channel to a primary process");
  return {
    send: (message, done) => process.send!(message, undefined, {}, done),
    listen(listener) {
      process.on("message", listener);
      return () => process.off("message", listener);
    },
  };
}
