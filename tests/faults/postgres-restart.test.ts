import { execSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  createPostgresDatabase,
  skipWithoutPostgres,
  startServer,
  type ServerProcess,
} from "../support/server-process";

const cluster = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql")[0] : undefined;
function pgctl(action: "stop" | "start") {
  try {
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main ${action}`, { stdio: "ignore" });
  } catch (error) {
    // "already running" / "not running" are fine; anything else shows up as a failed health poll.
    if (action === "stop") throw error;
  }
}

let server: ServerProcess | undefined;
let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
afterAll(async () => {
  if (cluster) pgctl("start");
  await server?.stop("SIGKILL");
  await database?.drop();
});

async function status(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(10_000) })).status;
  } catch {
    return 0;
  }
}

describe("PostgreSQL restarted during traffic", () => {
  it("answers 503 on /healthz while the database is down and recovers without restarting the app", async (ctx) => {
    database = await createPostgresDatabase();
    skipWithoutPostgres(ctx, Boolean(database && cluster), "needs a local PostgreSQL cluster it may restart");
    server = await startServer({ DATABASE_URL: database!.url });
    expect(await status(`${server.url}/healthz`)).toBe(200);
    expect(await status(`${server.url}/signin`)).toBe(200);

    pgctl("stop");
    await expect.poll(() => status(`${server!.url}/healthz`), { timeout: 20_000 }).toBe(503);

    pgctl("start");
    await expect.poll(() => status(`${server!.url}/healthz`), { timeout: 30_000, interval: 250 }).toBe(200);
    expect(await status(`${server.url}/signin`)).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
