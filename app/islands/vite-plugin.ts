import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// Islands: small browser modules for pages that ship no React (docs/decisions/070-islands-instead-of-hydration.md).
// Every `app/islands/<name>.island.ts` is built by Vite as its own chunk, `assets/island-<name>-<hash>.js`, and
// `virtual:islands` gives the server (and the client) each island's URL by name.

const DIR = path.resolve(import.meta.dirname);
const SUFFIX = ".island.ts";
const VIRTUAL = "virtual:islands";
const RESOLVED = `\0${VIRTUAL}`;

function islandFiles(): string[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(SUFFIX))
    .sort();
}

/**
 * The chunk's file name: both builds (client and server) must agree on it before the client chunk exists, so the
 * hash is of the islands' sources (islands import nothing but each other's types), not of the output.
 */
function chunkFileName(file: string, sourcesHash: string): string {
  return `assets/island-${file.slice(0, -SUFFIX.length)}-${sourcesHash}.js`;
}

function sourcesHash(files: string[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(readFileSync(path.join(DIR, file)));
  return hash.digest("base64url").slice(0, 10);
}

export function islands(): Plugin {
  let serve = false;
  return {
    name: "local-shine:islands",
    configResolved(config) {
      serve = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return;
      const files = islandFiles();
      const hash = sourcesHash(files);
      const urls = Object.fromEntries(
        files.map((file) => [
          file.slice(0, -SUFFIX.length),
          serve ? `/app/islands/${file}` : `/${chunkFileName(file, hash)}`,
        ]),
      );
      return `export default ${JSON.stringify(urls)};`;
    },
    buildStart() {
      if (serve || this.environment.name !== "client") return;
      const files = islandFiles();
      const hash = sourcesHash(files);
      for (const file of files) {
        this.emitFile({ type: "chunk", id: path.join(DIR, file), fileName: chunkFileName(file, hash) });
      }
    },
  };
}
