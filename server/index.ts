import type * as AppModuleType from "./app";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The app's notion of "production" (AUTH_SECRET required, no demo seed) follows the operator's NODE_ENV, but
// React must run its production build whatever it is, so NODE_ENV is forced before the bundle loads.
// See docs/decisions/002-node-env-and-npm-start.md.
const operatorNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";

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
  const log = build.logger;
  log.level = env.LOG_LEVEL;

  const services = await build.startServices(env).catch((error: Error) => {
    log.fatal({ err: error }, error.message);
    console.error(error.message);
    process.exit(1);
  });

  const app = build.createApp(services, { clientDir: path.join(BUILD_DIR, "client") });

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
}

void main();
