import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { databasePrefix } from "./database-prefix";
import { prepareServerDatabase } from "./database-template";

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Sends a signal and waits for the process to exit; resolves to its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How `npm start` runs the built server (`BUILD_DIR`, default `build`). */
export const BUILT_SERVER = ["server/index.ts"];

/**
 * Starts a server on a loopback port and waits for /healthz: the built server by default, or another entry
 * given as Node arguments (the dev server). Without a DATA_DIR of the caller's, the server gets a new one whose
 * embedded database is a copy of the run's migrated one (database-template.ts), unless `fresh` asks for an empty
 * directory; a DATA_DIR the caller gives is used as it is.
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = BUILT_SERVER,
  { readyMs = 60_000, fresh = false }: { readyMs?: number; fresh?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-server-"));
    if (!fresh && !env.DATABASE_URL)
      fs.cpSync(await prepareServerDatabase(), path.join(dataDir, "db"), { recursive: true });
  }
  let log = "";
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Skips a test that needs the local PostgreSQL when none answers, on a developer's machine. Under CI a missing
 * PostgreSQL fails the test instead: CI starts one (.ci/run), so its absence is a broken run, not a reason to skip.
 */
export function skipWithoutPostgres(ctx: { skip(note?: string): never }, available: boolean, why: string) {
  skipWithout(ctx, available, `PostgreSQL is not reachable (${why})`);
}

/** Skips a test whose service or tool is missing on a developer's machine; under CI the test fails instead. */
export function skipWithout(ctx: { skip(note?: string): never }, available: boolean, why: string) {
  if (available) return;
  if (process.env.CI) throw new Error(`${why}, and under CI this test must run`);
  ctx.skip(why);
}

/** A throwaway PostgreSQL database on the local server (named `${prefix}_…`), or null when none answers. */
export async function createPostgresDatabase(
  prefix = "ls_fault",
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${databasePrefix(`${prefix}_`)}${Date.now()}_${Math.random().toString(36).slice(2, 7)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
