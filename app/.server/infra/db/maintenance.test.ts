import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "./client";
import { startEmbeddedMaintenance } from "./maintenance";

describe("embedded database maintenance", () => {
  let handle: DatabaseHandle;
  const logger = { info: vi.fn(), error: vi.fn() };
  const lastVacuum = async () =>
    (
      await queryRows<{ at: string | null }>(
        handle.db,
        sql`select last_vacuum as at from pg_stat_user_tables where relname = 'churn'`,
      )
    )[0]!.at;

  beforeAll(async () => {
    handle = await openDatabase({ memory: true });
    await handle.db.execute(sql`create table churn (id int)`);
    await handle.db.execute(sql`insert into churn select generate_series(1, 500)`);
    await handle.db.execute(sql`delete from churn where id % 2 = 0`);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("vacuums and analyzes PGlite on its schedule, and stop waits for a run in progress", async () => {
    expect(await lastVacuum()).toBeNull();
    const maintenance = startEmbeddedMaintenance(handle, logger, 40);
    await vi.waitFor(() => expect(logger.info).toHaveBeenCalled(), { timeout: 5_000 });
    await maintenance.stop();
    expect(await lastVacuum()).not.toBeNull();
    expect(logger.error).not.toHaveBeenCalled();

    // Stopped: no further runs.
    const runs = logger.info.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logger.info.mock.calls.length).toBe(runs);
  });

  it("logs a failed run instead of throwing, and leaves PostgreSQL to its autovacuum", async () => {
    const failing = {
      kind: "pglite" as const,
      db: { execute: () => Promise.reject(new Error("disk full")) } as unknown as DatabaseHandle["db"],
    };
    const maintenance = startEmbeddedMaintenance(failing, logger, 20);
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalled(), { timeout: 5_000 });
    await maintenance.stop();

    const execute = vi.fn();
    const postgres = { kind: "postgres" as const, db: { execute } as unknown as DatabaseHandle["db"] };
    const none = startEmbeddedMaintenance(postgres, logger, 20);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await none.stop();
    expect(execute).not.toHaveBeenCalled();
  });
});
