import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteRelayClient, serveRelay, type RelayChannel } from "./pglite-relay";
import { PgliteThreadClient } from "./pglite-thread";

/** Two ends of an IPC channel in one process; messages are cloned and delivered later, as between processes. */
function channelPair(): [RelayChannel, RelayChannel & { cut(): void }] {
  const toPrimary = new EventEmitter();
  const toWorker = new EventEmitter();
  let cut = false;
  const end = (out: EventEmitter, incoming: EventEmitter): RelayChannel => ({
    send(message, done) {
      if (cut) return setImmediate(() => done(new Error("channel closed")));
      const copy = structuredClone(message);
      setImmediate(() => {
        out.emit("message", copy);
        done(null);
      });
    },
    listen(listener) {
      incoming.on("message", listener);
      return () => incoming.off("message", listener);
    },
  });
  const worker = Object.assign(end(toPrimary, toWorker), { cut: () => (cut = true) });
  return [end(toWorker, toPrimary), worker];
}

describe("the embedded database relayed to a cluster worker", () => {
  let database: PgliteThreadClient;
  const count = async () =>
    ((await database.query("select count(*)::int as n from notes")).rows[0] as { n: number }).n;

  beforeAll(async () => {
    database = await PgliteThreadClient.start({ dataDir: undefined });
    await database.query("create table notes (id serial primary key, body text not null unique)");
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers queries, commits and rolls back transactions, and passes PostgreSQL's errors across", async () => {
    const [primarySide, workerSide] = channelPair();
    const relay = serveRelay(database, primarySide);
    const client = new PgliteRelayClient(workerSide);

    await client.query("insert into notes (body) values ($1)", ["relayed"]);
    expect((await client.query("select body from notes", [], { rowMode: "array" })).rows).toEqual([
      ["relayed"],
    ]);

    await client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('committed')");
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('rolled back')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(2);

    const refused = await client
      .query("insert into notes (body) values ('relayed')")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: "23505", constraint: "notes_body_key" });

    client.close();
    await relay.close();
    await expect(client.query("select 1")).rejects.toThrow("closed");
  });

  it("rolls back what a worker that died left open, and the database serves others at once", async () => {
    const [primarySide, workerSide] = channelPair();
    const relay = serveRelay(database, primarySide);
    const client = new PgliteRelayClient(workerSide);
    const before = await count();

    let inside!: () => void;
    const began = new Promise<void>((resolve) => (inside = resolve));
    const abandoned = client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('never committed')");
      inside();
      await new Promise(() => {}); // the worker dies here
    });
    void abandoned.catch(() => {});
    await began;
    // The open transaction holds PGlite's lock: other queries wait for it…
    const waiting = count();
    workerSide.cut();
    // …until the primary sees the worker exit and rolls it back.
    await relay.close();
    expect(await waiting).toBe(before);
    expect(await count()).toBe(before);
  });
});
