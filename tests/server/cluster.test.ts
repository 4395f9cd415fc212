import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  BUILT_SERVER,
  createPostgresDatabase,
  skipWithoutPostgres,
  startServer,
  type ServerProcess,
} from "../support/server-process";

/** The worker processes the cluster's primary has forked. */
function workersOf(server: ServerProcess): number[] {
  const pid = server.child.pid!;
  return fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** A GET on a connection of its own: the cluster hands each new connection to the next worker in turn. */
function statusOnNewConnection(server: ServerProcess, path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
      })
      .on("error", reject)
      // A connection handed to a worker that is then killed may never be answered.
      .setTimeout(10_000, function (this: http.ClientRequest) {
        this.destroy(new Error("no answer in 10 s"));
      });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// WEB_CONCURRENCY > 1 runs several server processes with Node's cluster, on PostgreSQL only (docs/deployment.md).
describe("several server processes (WEB_CONCURRENCY)", () => {
  it("refuses the embedded database at start-up, saying what to do", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-cluster-"));
    try {
      const result = spawnSync(process.execPath, BUILT_SERVER, {
        env: { ...process.env, WEB_CONCURRENCY: "2", DATABASE_URL: "", DATA_DIR: dataDir, PORT: "0" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
      expect(result.stderr).toContain("Set DATABASE_URL to a PostgreSQL database");
      // Nothing was opened: no embedded database was created.
      expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe("on PostgreSQL", () => {
    let server: ServerProcess | undefined;
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
    afterAll(async () => {
      await server?.stop("SIGKILL");
      await database?.drop();
    });

    it("serves from every worker, migrates and seeds once, replaces a worker that dies, stops on SIGTERM", async (ctx) => {
      database = await createPostgresDatabase();
      skipWithoutPostgres(ctx, Boolean(database), "several workers need a shared database");
      server = await startServer({ WEB_CONCURRENCY: "2", DATABASE_URL: database!.url, SEED_DEMO: "true" });
      await until(() => workersOf(server!).length === 2, "two workers");
      for (let i = 0; i < 4; i++) expect(await statusOnNewConnection(server, "/local-shiners/all")).toBe(200);

      // Both workers started at once: the advisory lock let one migrate, and the seeder's lock let one seed.
      const client = new pg.Client({ connectionString: database!.url });
      await client.connect();
      const businesses = await client.query("select count(*)::int as n from businesses");
      const migrations = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      await client.end();
      expect(businesses.rows[0].n).toBe(46);
      expect(migrations.rows[0].n).toBe(
        fs.readdirSync("drizzle").filter((name) => name.endsWith(".sql")).length,
      );

      const [victim] = workersOf(server);
      process.kill(victim, "SIGKILL");
      await until(() => {
        const workers = workersOf(server!);
        return workers.length === 2 && !workers.includes(victim);
      }, "a replacement worker");
      expect(server.child.exitCode, server.output()).toBeNull();
      await until(async () => (await statusOnNewConnection(server!, "/healthz")) === 200, "health");
      for (let i = 0; i < 4; i++) expect(await statusOnNewConnection(server, "/local-shiners/all")).toBe(200);

      const workers = workersOf(server);
      expect(await server.stop("SIGTERM"), server.output()).toBe(0);
      for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
      server = undefined;
    });
  });
});
