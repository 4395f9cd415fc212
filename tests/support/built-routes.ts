import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageHandle } from "~/lib/page-handle";

/** A route of the built server, as React Router answers with it: its URL, what its module exports, its handle. */
export interface BuiltRoute {
  id: string;
  /** The route's full path ("/signin", "/business/:id", "/api/auth/*"). */
  path: string;
  handle: PageHandle;
  /** A page (the module renders something), not a resource route. */
  page: boolean;
  hasAction: boolean;
}

/**
 * Every route of the production build (`BUILD_DIR`, default `build`), read in a child Node process the way
 * `npm start` loads the build (server/app.ts's `loadServerBuild`): the handles the server really runs with.
 */
export function builtRoutes(): BuiltRoute[] {
  const buildPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const script = `
    const { loadServerBuild } = await import(${JSON.stringify(pathToFileURL(buildPath).href)});
    const { routes } = await loadServerBuild();
    const rows = Object.values(routes).map((route) => ({
      id: route.id, parentId: route.parentId, path: route.path, index: Boolean(route.index),
      handle: route.module.handle ?? {}, page: typeof route.module.default === "function",
      hasAction: typeof route.module.action === "function",
    }));
    process.stdout.write(JSON.stringify(rows));
    process.exit(0);`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  const rows = JSON.parse(output) as (Omit<BuiltRoute, "path"> & { parentId?: string; path?: string })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fullPath = (id: string | undefined): string => {
    const row = id ? byId.get(id) : undefined;
    if (!row) return "";
    const own = row.path ? `/${row.path}` : "";
    return `${fullPath(row.parentId)}${own}`;
  };
  return rows
    .filter((row) => row.id !== "root")
    .map(({ id, handle, page, hasAction }) => ({ id, path: fullPath(id) || "/", handle, page, hasAction }));
}

/** A URL for a route's path: each `:param` and the splat filled with a word. */
export function urlFor(routePath: string): string {
  return routePath.replace(/:[A-Za-z]+/g, "x").replace(/\*$/, "x");
}
