import type * as AppModuleType from "./app";
import express from "express";
import { createServer } from "vite";

type AppModule = typeof AppModuleType;

// Dev: Vite serves assets with HMR; the app module is reloaded on change, services are opened once.
// `npm run dev` runs Node with `--conditions=development`: Vite resolves react-router to its development build for
// the app, and @react-router/express (loaded by Node) must get that same copy, or the RouterContextProvider the app
// creates is not the class React Router checks, and every page answers 500 (tests/server/dev-server.test.ts).
const vite = await createServer({ server: { middlewareMode: true } });
const first = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
const env = first.parseEnv();
first.setEnv(env);
const services = await first.startServices(env);

const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  try {
    const current = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
    current.createApp(services, { dev: true })(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
const server = app.listen(env.PORT, env.HOST, () => console.log(`Local Shine dev server on ${env.APP_URL}`));
const stop = () =>
  server.close(async () => {
    await first.stopServices();
    await vite.close();
    process.exit(0);
  });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
