import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { servicesContext, type Services } from "~/.server/services";
import { mediaRouter } from "./media-route";

export { parseEnv, setEnv } from "~/.server/env";
export { logger } from "~/.server/logger";
export { startServices, stopServices } from "~/.server/services";

/** Header carrying the client address to Better Auth's rate limiter; any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = "x-local-shine-client-ip";

/**
 * The application: logging, security headers, /healthz, /media files and the React Router handler.
 * Static assets and compression are added by the entry (server/index.ts) in front of it.
 */
export function createApp(services: Services): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      hsts: services.env.NODE_ENV === "production",
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await services.database.ping();
      res.status(200).json({ status: "ok" });
    } catch (error) {
      logger.warn({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.use("/media", mediaRouter(() => services.storage));

  app.all(
    "/{*path}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestInfoContext, {
          requestId: String(req.id),
          clientIp: req.ip ?? "unknown",
          log: req.log,
        });
        return context;
      },
    }),
  );
  return app;
}
