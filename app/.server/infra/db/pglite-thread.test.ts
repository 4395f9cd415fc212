import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PgliteThreadClient } from "./pglite-thread";

const run = promisify(execFile);

// Opening an embedded database on disk takes seconds on a quiet machine and many times that on a loaded one. The
// tests wait for events; this bound only stops one that hangs.
const SLOW = { timeout: 240_000 };

const newLogger = () => ({ error: vi.fn(), info: vi.fn() });

describe("the embedded database on its own thread", () => {
  let client: PgliteThreadClient;
  const count = async () =>
    ((await client.query("select count(*)::int as n from notes")).rows[0] as { n: number }).n;

  beforeAll(async () => {
    client = await PgliteThreadClient.start({ dataDir: undefined });
    await client.query(
      "create table notes (id serial primary key, body text not null unique, at timestamptz)",
    );
  });
  afterAll(async () => {
    await client.close();
  });

  it("answers rows as objects or arrays, keeping timestamps as PostgreSQL's text for Drizzle", async () => {
    await client.query("insert into notes (body, at) values ($1, $2)", ["first", "2026-11-22T10:00:00Z"]);
    const objects = await client.query("select body, at from notes");
    expect(objects.rows).toEqual([{ body: "first", at: "2026-11-22 10:00:00+00" }]);
    const arrays = await client.query("select body, at from notes", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([["first", "2026-11-22 10:00:00+00"]]);
    expect(arrays.fields.map((field) => field.name)).toEqual(["body", "at"]);
  });

  it("passes PostgreSQL's error fields across, and the thread keeps serving", async () => {
    const refused = await client
      .query("insert into notes (body) values ('first')")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: "23505", constraint: "notes_body_key" });
    // A parameter that cannot cross threads is that query's error, not the thread's end.
    await expect(client.query("select $1", [() => 1])).rejects.toThrow();
    expect(await count()).toBe(1);
  });

  it("commits a transaction when its callback returns and rolls it back when it throws", async () => {
    const committed = await client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('second')");
      return "done";
    });
    expect(committed).toBe("done");
    const failure = new Error("changed my mind");
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('third')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(2);
  });

  it("holds other queries until an open transaction ends, as one connection does", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('fourth')");
      entered();
      await held;
    });
    await inside;
    let seen: number | null = null;
    const outside = count().then((n) => (seen = n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toBeNull();
    release();
    await transaction;
    await outside;
    expect(seen).toBe(3);
  });

  it("refuses queries after close, and a tool that never closes still exits", SLOW, async () => {
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow(/closed/);
    await client.close(); // closing twice is harmless

    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-thread-")), "forgets-to-close.ts");
    fs.writeFileSync(
      script,
      `import { PgliteThreadClient } from ${JSON.stringify(path.resolve("app/.server/infra/db/pglite-thread.ts"))};
      const db = await PgliteThreadClient.start({ dataDir: undefined });
      console.log(JSON.stringify((await db.query("select 41 + 1 as n")).rows));`,
    );
    const { stdout } = await run(process.execPath, [script], { timeout: SLOW.timeout });
    expect(stdout.trim()).toBe('[{"n":42}]');
  });
});

describe("when the embedded database's thread dies", () => {
  // Each test has its own logger: a test that ran long must not leave its lines in the next one's.
  let logger = newLogger();
  beforeEach(() => {
    logger = newLogger();
  });
  /** What was logged, in order, as "level: message". */
  const messages = () =>
    (["error", "info"] as const)
      .flatMap((level) =>
        logger[level].mock.calls.map((call, i) => ({
          order: logger[level].mock.invocationCallOrder[i],
          line: `${level}: ${String(call[1])}`,
        })),
      )
      .sort((a, b) => a.order - b.order)
      .map((entry) => entry.line);
  const bodies = async (client: PgliteThreadClient) =>
    (await client.query("select body from notes order by body")).rows.map(
      (row) => (row as { body: string }).body,
    );

  it(
    "fails what the thread held, then opens the database on disk again with what was committed",
    SLOW,
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-crash-"));
      const client = await PgliteThreadClient.start({ dataDir }, logger);
      try {
        await client.query("create table notes (body text primary key)");
        await client.query("insert into notes values ('committed')");
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const transaction = client.transaction(async (tx) => {
          await tx.query("insert into notes values ('in flight')");
          entered();
          await held;
          await tx.query("insert into notes values ('after the crash')");
        });
        const settled = transaction.then(
          () => null,
          (error: unknown) => error,
        );
        await inside;

        await client.crash();
        release();
        expect(await settled).toBeInstanceOf(Error);
        // Asked while the new thread is still opening the database: the query waits for it.
        expect(await bodies(client)).toEqual(["committed"]);
        expect(messages()).toEqual([
          "error: the embedded database's thread stopped; opening the database again",
          "info: the embedded database is open again",
        ]);

        // The new thread serves writes too, and survives another crash.
        await client.query("insert into notes values ('second life')");
        await client.crash();
        expect(await bodies(client)).toEqual(["committed", "second life"]);
      } finally {
        await client.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it(
    "while the database cannot be opened, queries fail at once and it is tried again after a pause",
    SLOW,
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-crash-"));
      const dataDir = path.join(parent, "db");
      const client = await PgliteThreadClient.start({ dataDir }, logger);
      try {
        await client.query("create table notes (body text primary key)");
        await client.query("insert into notes values ('kept')");
        // The data directory disappears (a file stands in its place), so the first reopening fails.
        fs.renameSync(dataDir, path.join(parent, "away"));
        fs.writeFileSync(dataDir, "not a database");
        await client.crash();
        await expect(client.query("select 1")).rejects.toThrow();
        expect(messages()).toContain("error: the embedded database could not be opened again");

        fs.rmSync(dataDir);
        fs.renameSync(path.join(parent, "away"), dataDir);
        await expect
          .poll(() => bodies(client).catch(() => null), { timeout: SLOW.timeout })
          .toEqual(["kept"]);
        expect(messages().at(-1)).toBe("info: the embedded database is open again");
      } finally {
        await client.close();
        fs.rmSync(parent, { recursive: true, force: true });
      }
    },
  );

  it("an in-memory database is gone with its thread: queries fail and nothing restarts", SLOW, async () => {
    const client = await PgliteThreadClient.start({ dataDir: undefined }, logger);
    await client.query("select 1");
    await client.crash();
    await expect(client.query("select 1")).rejects.toThrow(/thread stopped/);
    expect(messages()).toEqual([]);
    await client.close();
  });
});
