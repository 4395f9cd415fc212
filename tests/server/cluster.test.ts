import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { createPostgresDatabase, startServer, type ServerProcess } from "../support/server-process";

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
function getOnNewConnection(server: ServerProcess, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; cache: string | undefined }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false, headers }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            cache: response.headers["x-page-cache"] as string | undefined,
          }),
        );
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

// WEB_CONCURRENCY=2 on the embedded database (docs/decisions/008-server-processes.md): two worker processes share
// the port, the primary owns PGlite and answers their queries.
describe("several server processes on the embedded database (WEB_CONCURRENCY=2)", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("share sessions and page-cache clears, replace a worker that dies, and stop cleanly", async () => {
    server = await startServer({ WEB_CONCURRENCY: "2", TRUST_PROXY: "1" });
    await until(() => workersOf(server!).length === 2, "two workers");

    // An account made and confirmed through whichever workers took those requests works on every connection.
    const cookie = await createSignedInAccount(server, "two-processes@example.com");
    for (let i = 0; i < 4; i++) {
      expect((await getOnNewConnection(server, "/dashboard", { Cookie: cookie })).status).toBe(200);
    }

    // Both workers cache the public page; a write through one clears the other's too.
    const cacheStates = [];
    for (let i = 0; i < 4; i++)
      cacheStates.push((await getOnNewConnection(server, "/local-shiners/all")).cache);
    expect(cacheStates.slice(2)).toEqual(["hit", "hit"]);
    const signedOut = await fetch(`${server.url}/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url },
    });
    expect(signedOut.status).toBeLessThan(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const afterWrite = [
      (await getOnNewConnection(server, "/local-shiners/all")).cache,
      (await getOnNewConnection(server, "/local-shiners/all")).cache,
    ];
    expect(afterWrite).toEqual(["miss", "miss"]);

    // A worker killed in the middle of traffic, with queries of its own in flight in the primary, is replaced;
    // the primary and the database it owns carry on.
    let traffic = true;
    const load = Array.from({ length: 12 }, async () => {
      while (traffic) {
        await getOnNewConnection(server!, "/local-shiners/all", { "Cache-Control": "no-cache" }).catch(
          () => {},
        );
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [victim] = workersOf(server);
    process.kill(victim, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    traffic = false;
    await Promise.all(load);
    expect(server.child.exitCode, server.output()).toBeNull();
    await until(() => {
      const workers = workersOf(server!);
      return workers.length === 2 && !workers.includes(victim);
    }, "a replacement worker");
    await until(async () => (await getOnNewConnection(server!, "/healthz")).status === 200, "health");
    for (let i = 0; i < 4; i++) {
      expect((await getOnNewConnection(server, "/local-shiners/all")).status).toBe(200);
    }

    const workers = workersOf(server);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    server = undefined;
  });
});

describe("several server processes on PostgreSQL (WEB_CONCURRENCY=2)", () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await database?.drop();
  });

  it("the primary migrates once, each worker opens its own pool, and SIGTERM stops them all", async (ctx) => {
    database = await createPostgresDatabase();
    if (!database) ctx.skip(); // needs the local PostgreSQL (CI has one)
    server = await startServer({ WEB_CONCURRENCY: "2", DATABASE_URL: database!.url, SEED_DEMO: "true" });
    await until(() => workersOf(server!).length === 2, "two workers");
    for (let i = 0; i < 4; i++) {
      const page = await getOnNewConnection(server, "/local-shiners/all");
      expect(page.status).toBe(200);
    }
    // The demo content, seeded once by the primary; the migrations, applied once.
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    const businesses = await client.query("select count(*)::int as n from businesses");
    const migrations = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await client.end();
    expect(businesses.rows[0].n).toBe(46);
    expect(migrations.rows[0].n).toBe(
      fs.readdirSync("drizzle").filter((name) => name.endsWith(".sql")).length,
    );
    const workers = workersOf(server);
    expect(await server.stop("SIGTERM"), server.output()).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    server = undefined;
  });
});
