import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/.server/auth/client-ip";
import { logger } from "~/.server/infra/logging/logger";
import { isKnownOriginal } from "~/.server/media/known-originals";
import { requestInfoContext } from "~/.server/infra/http/request-context";
import { createPageCache, pageCacheContext } from "~/.server/infra/http/page-cache";
import { pageModesContext, pageModesOf, type PageModes } from "~/.server/infra/http/page-modes";
import { isPrivateUrl } from "~/.server/infra/http/private-urls";
import { servicesContext, type Services } from "~/.server/services";
import { limitRequestBodies } from "./body-limit";
import { fairAdmission } from "./fair-admission";
import { rejectMalformedRequests } from "./malformed-requests";
import { mediaRouter } from "./media-route";
import { requestLog } from "./request-log";
import { contentSecurityPolicy, createNonce, isDeviceCall, rejectCrossSiteWrites } from "./security";
import onHeaders from "on-headers";

export { parseEnv, setEnv } from "~/.server/infra/config/env";
export { logger } from "~/.server/infra/logging/logger";
export { startServices, stopServices } from "~/.server/services";

export interface AppOptions {
  /** The client build (`build/client`) to serve; omitted in dev, where Vite serves assets. */
  clientDir?: string;
  dev?: boolean;
}

/**
 * The application: logging, refusals of malformed requests and oversized bodies, security headers, CSRF guard,
 * /healthz, static assets, /media files and the React Router handler. server/index.ts (production) and
 * server/dev.ts (Vite) wrap it.
 */
export function createApp(services: Services, { clientDir, dev = false }: AppOptions = {}): express.Express {
  const { env } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLog());
  app.use(rejectMalformedRequests());
  app.use((_req, res, next) => {
    // The dev policy lists no nonce (Vite's inline scripts); a nonce on the page would only differ between the
    // server's HTML and the client's render, and React would report a hydration mismatch.
    res.locals.nonce = dev ? "" : createNonce();
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-site" },
      hsts: env.NODE_ENV === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, res.locals.nonce as string, { dev }));
    // A 304 carries no policy: a browser merges a 304's headers into the page it kept, and this response's nonce is
    // not the one in that page's scripts, which would then be refused.
    onHeaders(res, function () {
      if (this.statusCode === 304) this.removeHeader("Content-Security-Policy");
    });
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    next();
  });
  app.use(compression());
  app.use(rejectCrossSiteWrites(env));
  app.use(limitRequestBodies());
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await services.database.ping();
      res.status(200).json({ status: "ok" });
    } catch (error) {
      logger.warn({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Only the files the build holds: page requests never touch the disk on their way to the renderer.
    const publicFiles = new Set(listFiles(clientDir, "assets"));
    const servePublic = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      // The kiosk service worker is checked for a new version on every start of the player.
      setHeaders: (res, file) => {
        if (path.basename(file) === "kiosk-sw.js") res.setHeader("Cache-Control", "no-cache");
      },
    });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  }
  app.use(
    "/media",
    mediaRouter(() => services.storage, { isKnownOriginal: (key) => isKnownOriginal(services, key) }),
  );
  // The pages' modes (form page, private) come from the route modules' handles in the build React Router answers
  // with: once in production, per request in dev, where the build is reloaded for HMR.
  let pageModes: PageModes | undefined;
  const buildOnce = dev ? null : loadServerBuild();
  const currentBuild = async () => {
    const build = await (buildOnce ?? loadServerBuild());
    pageModes = pageModesOf(build.routes);
    return build;
  };
  const pageCache = dev
    ? null
    : createPageCache({
        policy: (nonce) => contentSecurityPolicy(env, nonce),
        changesNoPage: (req) => isDeviceCall(req) || req.path.startsWith("/go/"),
        // Until the build has loaded, every URL counts as private: nothing is kept or served.
        isPrivateUrl: (url) => !pageModes || isPrivateUrl(url, pageModes),
      });
  if (pageCache) app.use(pageCache.middleware);
  app.use(fairAdmission());

  const getLoadContext = async (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(pageModesContext, pageModesOf((await currentBuild()).routes));
    context.set(servicesContext, services);
    context.set(requestInfoContext, {
      requestId: String(req.id),
      clientIp: req.ip ?? "unknown",
      log: req.log,
      nonce: res.locals.nonce as string,
    });
    if (pageCache) context.set(pageCacheContext, pageCache.contextFor(req, res));
    return context;
  };
  if (dev) {
    // A function: React Router reloads the build (and re-derives its routes) per request, for HMR.
    app.all("/{*path}", createRequestHandler({ build: currentBuild, getLoadContext }));
  } else {
    // One build object for the life of the process: routes are derived once, not on every request.
    const handler = currentBuild().then((build) => createRequestHandler({ build, getLoadContext }));
    app.all("/{*path}", (req, res, next) => {
      handler.then((handle) => handle(req, res, next), next);
    });
  }
  return app;
}

/** The server build React Router answers with (its routes, their modules); tests read its routes' handles. */
export function loadServerBuild() {
  return import("virtual:react-router/server-build");
}

/** Files under `dir` as URL paths (`/favicon.svg`), skipping the top-level folder `skip`. */
function listFiles(dir: string, skip: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.startsWith(`${skip}/`))
    .map((file) => `/${file}`);
}
