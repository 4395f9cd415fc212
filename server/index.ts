import type * as AppModuleType from "./app";
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";

// `npm start` runs this file with Node's own type stripping, not tsx (docs/decisions/012-no-tsx-at-runtime.md):
// it keeps to erasable TypeScript, and local imports name their `.ts` file.

// The app's notion of "production" (AUTH_SECRET required, no demo seed) follows the operator's NODE_ENV, but
// React must run its production build whatever it is, so NODE_ENV is forced before the bundle loads.
// See docs/decisions/002-node-env-and-npm-start.md.
const operatorNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";

type AppModule = typeof AppModuleType;
type Env = ReturnType<AppModule["parseEnv"]>;
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
  // WEB_CONCURRENCY > 1 (PostgreSQL only, checked by parseEnv): this process only starts and watches the
  // workers; each of them is a whole server of its own, sharing PORT (docs/deployment.md).
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) runPrimary(build, env);
  else await serve(build, env);
}

/** One server: the app on PORT, until SIGTERM or SIGINT. */
async function serve(build: AppModule, env: Env) {
  const log = build.logger;
  const services = await build.startServices(env).catch((error: Error) => {
    log.fatal({ err: error }, error.message);
    console.error(error.message);
    process.exit(1);
  });

  const app = build.createApp(services, { clientDir: path.join(BUILD_DIR, "client") });

  const server = app.listen(env.PORT, env.HOST, () => {
    log.info({ url: env.APP_URL, port: env.PORT, host: env.HOST }, "Local Shine is listening");
  });
  // An idle keep-alive socket is closed by the client (browsers, undici: 4–5 s) or a proxy (60 s) before the server
  // closes it. With Node's default 5 s the two may close it at the same moment, and a request sent on the socket
  // just then fails with ECONNRESET. The header timeout stays above it, as Node requires.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
    // What the stop waits for now, named in the warning if it has to be forced.
    let waitingFor = "in-flight requests";
    // Stop accepting, let in-flight requests finish, then close keep-alive sockets that are idle.
    server.close(async () => {
      await build.stopServices((step) => {
        waitingFor = step;
        log.info(`shutting down: ${step}`);
      });
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    // A connection whose request was in flight when the stop began (a screen's long poll, answered at once on a
    // stop; a page that was still rendering) would otherwise be kept alive for keepAliveTimeout once answered, and
    // the close above would wait for it: close each as soon as it falls idle.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      log.warn({ waitingFor }, `forcing exit after 10 s, still waiting for ${waitingFor}`);
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone has no one to restart it: it stops.
  if (cluster.isWorker) process.on("disconnect", () => shutdown("primary gone"));
}

/**
 * Starts WEB_CONCURRENCY workers with Node's cluster and replaces one that dies while serving. One that dies
 * before it listened hit a start-up failure (a taken port, say) that another would repeat, so everything stops.
 * SIGTERM/SIGINT stop the workers (each finishes its in-flight requests), then this process.
 */
function runPrimary(build: AppModule, env: Env) {
  const log = build.logger;
  const workers = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  let stopping = false;
  let exitCode = 0;

  // The operator's NODE_ENV, not the one forced above for React (empty reads as unset).
  const fork = () => workers.add(cluster.fork({ NODE_ENV: operatorNodeEnv ?? "" }));
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    workers.delete(worker);
    if (stopping) {
      if (workers.size === 0) process.exit(exitCode);
      return;
    }
    if (!listening.has(worker)) {
      log.fatal({ pid: worker.process.pid, code, signal }, "a server process could not start; stopping");
      shutdown(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a server process stopped; starting another");
    fork();
  });

  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (workers.size === 0) process.exit(code);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.warn("forcing exit after 15 s");
      process.exit(1);
    }, 15_000).unref();
  };
  process.on("SIGTERM", () => shutdown(0));
  process.on("SIGINT", () => shutdown(0));

  log.info({ url: env.APP_URL, processes: env.WEB_CONCURRENCY }, "starting the server processes");
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
}

void main();
