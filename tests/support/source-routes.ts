import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteManifest } from "../../app/.server/infra/http/page-modes";

const APP = path.resolve(import.meta.dirname, "../../app");

/**
 * The route manifest React Router builds from app/routes.ts (ids, parents, paths and each module), read from the
 * sources, for unit tests of what the routes' handles declare. The built server's own manifest is read by
 * tests/security/page-modes.test.ts.
 */
export async function sourceRouteManifest(): Promise<RouteManifest> {
  const { default: config } = (await import("../../app/routes")) as { default: RouteConfigEntry[] };
  const manifest: RouteManifest = {
    root: { id: "root", path: "", module: (await import("../../app/root")) as { handle?: unknown } },
  };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(/* @vite-ignore */ path.join(APP, entry.file))) as { handle?: unknown };
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module,
      };
      await add(entry.children ?? [], id);
    }
  };
  await add(config, "root");
  return manifest;
}
