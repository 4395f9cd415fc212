import { createContext, matchRoutes, type RouteObject } from "react-router";
import type { PageHandle } from "~/lib/page-handle";

/**
 * The modes of the page a URL names, read from the route modules' `handle` (PageHandle, app/lib/page-handle.ts) of
 * the server build React Router answers with: no list of paths repeats what a route declares. Built once per build
 * by server/app.ts and handed to React Router in its context (`pageModesContext`), and to the page cache.
 */
export interface PageModes {
  /** A refused post to this URL (or its `.data` URL) is answered 200 with `X-Form-Status`. */
  isFormPage(url: string): boolean;
  /** Every answer for this URL is `no-store` (an auth page, Better Auth). */
  isPrivatePage(url: string): boolean;
}

type Mode = "formPage" | "private";

/** A route of the build's manifest (`ServerBuild["routes"]`): what matching needs, and its module's handle. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

export type RouteManifest = Record<string, ManifestRoute | undefined>;

const MAX_REMEMBERED = 2_000;
const built = new WeakMap<object, PageModes>();

export function pageModesOf(routes: RouteManifest): PageModes {
  let modes = built.get(routes);
  if (!modes) built.set(routes, (modes = derive(routes)));
  return modes;
}

function derive(routes: RouteManifest): PageModes {
  const tree = routeTree(routes);
  // Matching ranks every route; the answers for the paths seen are kept (a bounded number: paths are the client's).
  const remembered = new Map<string, Set<Mode>>();
  function modesOf(url: string): Set<Mode> | null {
    let path: string;
    try {
      path = routePath(url);
    } catch {
      return null;
    }
    let modes = remembered.get(path);
    if (!modes) {
      modes = new Set();
      for (const { route } of matchRoutes(tree, path) ?? []) {
        const handle = (route.handle ?? {}) as PageHandle;
        if (handle.formPage) modes.add("formPage");
        if (handle.private) modes.add("private");
      }
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(path, modes);
    }
    return modes;
  }
  return {
    isFormPage: (url) => modesOf(url)?.has("formPage") ?? false,
    // A URL that cannot be read is treated as private: nothing is lost by not caching it.
    isPrivatePage: (url) => modesOf(url)?.has("private") ?? true,
  };
}

/** The manifest as the nested route objects `matchRoutes` ranks, each carrying its module's handle. */
function routeTree(routes: RouteManifest): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    children.set(route.parentId, siblings);
    const common = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
    };
    siblings.push(route.index ? { ...common, index: true } : common);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: attach(below) } : route;
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * The path React Router matches for `url` (absolute, or a path with its query): decoded, lower case, single
 * slashes, no trailing slash, no `.data` suffix.
 */
export function routePath(url: string): string {
  // A request path may start with "//", which must stay a path, not become a host.
  const { pathname } = url.startsWith("/") ? new URL(`http://private-url.invalid${url}`) : new URL(url);
  const path = decoded(pathname)
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\.data$/, "")
    .replace(/(.)\/$/, "$1");
  return path || "/";
}

export function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const key = Symbol.for("local-shine.page-modes-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<PageModes>>>;
/** Set by server/app.ts for every request; read by the root middleware and app/entry.server.tsx. */
export const pageModesContext = (holder[key] ??= createContext<PageModes>());
