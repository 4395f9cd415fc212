import type * as AppModuleType from "./app";
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tuneHeapGrowing } from "./heap.ts";

// `npm start` runs this file with Node's own type stripping, not tsx (docs/decisions/012-no-tsx-at-runtime.md):
// this file and ./heap.ts keep to erasable TypeScript, and local imports name their `.ts` file.

// The app's notion of "production" (AUTH_SECRET required, no demo seed) follows the operator's NODE_ENV, but
// React must run its production build whatever it is, so NODE_ENV is forced before the bundle loads.
// See docs/decisions/002-node-env-and-npm-start.md.
const operatorNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
// Before the bundle loads: full garbage collections ~3× rarer under load (docs/decisions/011-heap-growing.md).
tuneHeapGrowing();

type AppModule = typeof AppModuleType;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD_PATH = path.join(BUILD_DIR, "server/index.js");

async function main() {
  const build: AppModule = await import(pathToFileURL(BUILD_PATH).href).catch((error: unknown) => {
    console.error(`Could not load ${BUILD_PATH}: run \`npm run build\` first.\n${String(error)}`);
    process.exit(1);
  });
  let env;
  try {
    env = build.parseEnv({ ...process.env, NODE_ENV: operatorNodeEnv });
    build.setEnv(env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  build.logger.level = env.LOG_LEVEL;
  // WEB_CONCURRENCY > 1: this process is the cluster's primary, or one of its workers, which serve the requests
  // (docs/decisions/008-server-processes.md).
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) await runPrimary(build, env);
  else await serve(build, env, { clusterWorker: cluster.isWorker });
}

type Env = ReturnType<AppModule["parseEnv"]>;

/** One server process: the app on PORT (shared with the other workers in a cluster), until SIGTERM or SIGINT. */
async function serve(build: AppModule, env: Env, { clusterWorker }: { clusterWorker: boolean }) {
  const log = build.logger;
  const services = await build.startServices(env, { clusterWorker }).catch((error: Error) => {
    log.fatal({ err: error }, error.message);
    console.error(error.message);
    process.exit(1);
  });

  const app = build.createApp(services, { clientDir: path.join(BUILD_DIR, "client"), clusterWorker });

  const server = app.listen(env.PORT, env.HOST, () => {
    log.info({ url: env.APP_URL, port: env.PORT, host: env.HOST }, "Local Shine is listening");
  });
  server.on("error", async (error) => {
    log.fatal({ err: error }, "could not listen");
    await build.stopServices();
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop accepting, let in-flight requests finish, then close keep-alive sockets that are idle.
    server.close(async () => {
      await build.stopServices();
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn("forcing exit after 10 s");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone has no database (embedded) and no one to restart it: it stops.
  if (clusterWorker) process.on("disconnect", () => shutdown("primary gone"));
}

/**
 * The cluster's primary: prepares the database, starts WEB_CONCURRENCY workers that share PORT, answers their
 * queries when the database is embedded, passes page-cache clears between them, and replaces a worker that dies.
 * SIGTERM/SIGINT stop the workers (each finishes its in-flight requests), then the database.
 */
async function runPrimary(build: AppModule, env: Env) {
  const log = build.logger;
  const primary = await build.startPrimaryServices(env).catch((error: Error) => {
    log.fatal({ err: error }, error.message);
    console.error(error.message);
    process.exit(1);
  });
  // Structured clone on the IPC channel: query results keep their types (bytes, big numbers) as on a thread.
  cluster.setupPrimary({ serialization: "advanced" });

  const relays = new Map<Worker, { close(): Promise<void> }>();
  const listening = new Set<Worker>();
  let stopping = false;
  let finishing = false;
  let exitCode = 0;

  const fork = () => {
    // The operator's NODE_ENV, not the one forced above for React (empty reads as unset).
    const worker = cluster.fork({ NODE_ENV: operatorNodeEnv ?? "" });
    worker.on("error", (error) =>
      log.warn({ err: error, pid: worker.process.pid }, "a server process's channel failed"),
    );
    relays.set(
      worker,
      primary.serve({
        // With a callback, a worker that has just died reports the failed send there, not as an 'error' event
        // that would end the primary.
        send: (message, done) => worker.send(message as object, undefined, {}, done),
        listen(listener) {
          worker.on("message", listener);
          return () => worker.off("message", listener);
        },
      }),
    );
    worker.on("message", (message: { channel?: unknown } | null) => {
      if (message?.channel !== build.PAGE_CACHE_CHANNEL) return;
      for (const other of relays.keys()) {
        if (other !== worker && other.isConnected()) other.send(message, undefined, {}, () => {});
      }
    });
    worker.once("listening", () => {
      listening.add(worker);
      if (listening.size === env.WEB_CONCURRENCY) {
        log.info(
          { url: env.APP_URL, processes: env.WEB_CONCURRENCY },
          "Local Shine's server processes are listening",
        );
      }
    });
  };

  /** Once every worker has exited: close the database, then exit. */
  const finish = async () => {
    if (finishing || relays.size > 0) return;
    finishing = true;
    await primary.stop();
    log.info("stopped");
    process.exit(exitCode);
  };

  cluster.on("exit", async (worker, code, signal) => {
    const relay = relays.get(worker);
    relays.delete(worker);
    // Its open transactions are rolled back before the database may close.
    const closed = relay?.close();
    if (stopping) {
      await closed;
      await finish();
      return;
    }
    if (!listening.has(worker)) {
      // It never served: a start-up failure (the port is taken, say), which another worker would repeat.
      log.fatal({ pid: worker.process.pid, code, signal }, "a server process could not start; stopping");
      shutdown("start-up failure", 1);
      return;
    }
    listening.delete(worker);
    log.error({ pid: worker.process.pid, code, signal }, "a server process stopped; starting another");
    fork();
  });

  const shutdown = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason }, "shutting down: the server processes finish their in-flight requests");
    for (const worker of relays.keys()) worker.process.kill("SIGTERM");
    void finish();
    setTimeout(() => {
      log.warn("forcing exit after 15 s");
      process.exit(1);
    }, 15_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
}

void main();
