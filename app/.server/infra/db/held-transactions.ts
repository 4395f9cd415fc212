// The database thread's side of its message protocol (pglite-worker.ts): errors that survive the trip, and
// transactions held open between messages. Loaded by Node directly from the worker, so this file uses only
// erasable TypeScript and imports nothing of the app.

/** An error's message, name, stack and own fields (PostgreSQL's code, detail, constraint…), which cloning drops. */
export type SerializedError = Record<string, unknown> & { message: string; name: string; stack?: string };

/** The error's plain fields only: PGlite's DatabaseError also carries the query's options, parser functions included. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const fields = Object.entries(error).filter(
    ([, value]) => value === null || (typeof value !== "object" && typeof value !== "function"),
  );
  return { ...Object.fromEntries(fields), name: error.name, message: error.message, stack: error.stack };
}

class Rollback extends Error {}

interface OpenTransaction<Tx> {
  tx: Tx;
  finish: (commit: boolean) => void;
  done: Promise<unknown>;
}

/**
 * Transactions held open between messages: `begin` starts one inside `db.transaction()` and answers its number,
 * queries find it with `get`, and `end` commits or rolls it back. PGlite holds its lock for the whole callback,
 * so other queries wait, as they would in one process.
 */
export function heldTransactions<Tx>(db: {
  transaction(callback: (tx: Tx) => Promise<void>): Promise<unknown>;
}) {
  const open = new Map<number, OpenTransaction<Tx>>();
  let nextId = 1;

  return {
    get(id: number): Tx | undefined {
      return open.get(id)?.tx;
    },

    begin(): Promise<number> {
      return new Promise<number>((began, failed) => {
        const id = nextId++;
        let finish!: (commit: boolean) => void;
        const decided = new Promise<void>((commit, rollback) => {
          finish = (ok) => (ok ? commit() : rollback(new Rollback()));
        });
        const done: Promise<unknown> = db.transaction(async (tx) => {
          open.set(id, { tx, finish, done });
          began(id);
          await decided;
        });
        done.catch(failed).finally(() => open.delete(id));
      });
    },

    async end(id: number, commit: boolean): Promise<void> {
      const transaction = open.get(id);
      if (!transaction) throw new Error("the transaction has already ended");
      transaction.finish(commit);
      try {
        await transaction.done;
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
    },

    /** Rolls back every transaction still open (its owner is gone). */
    async rollbackAll(): Promise<void> {
      const left = [...open.values()];
      for (const transaction of left) transaction.finish(false);
      await Promise.allSettled(left.map((transaction) => transaction.done));
    },
  };
}
