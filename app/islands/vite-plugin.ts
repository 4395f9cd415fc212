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
 * hash is of the islands' sources, not of the output. Islands import nothing but types, except modules they load
 * later with `import()` (the password meter's word list): an island's chunk names that module's chunk, so the
 * hash covers those modules, the app modules they import, and package-lock.json (the libraries they bundle).
 */
function chunkFileName(file: string, sourcesHash: string): string {
  return `assets/island-${file.slice(0, -SUFFIX.length)}-${sourcesHash}.js`;
}

function sourcesHash(files: string[]): string {
  const hash = createHash("sha256");
  const lazy = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(DIR, file), "utf8");
    hash.update(file).update(source);
    for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) lazy.add(resolveSource(DIR, specifier!));
  }
  if (lazy.size === 0) return hash.digest("base64url").slice(0, 10);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (/^(\.|~\/)/.test(specifier!)) visit(resolveSource(path.dirname(file), specifier!));
    }
  };
  for (const file of lazy) visit(file);
  for (const file of [...seen].sort()) hash.update(path.relative(APP, file)).update(readFileSync(file));
  hash.update(readFileSync(path.join(APP, "..", "package-lock.json")));
  return hash.digest("base64url").slice(0, 10);
}

const APP = path.dirname(DIR);
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
const STATIC_IMPORT = /\bfrom\s+["']([^"']+)["']/g;

/** A relative or `~/` import's file (TypeScript sources: the specifier has no extension, or .ts). */
function resolveSource(from: string, specifier: string): string {
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : path.resolve(from, specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`islands: cannot find ${specifier} (imported from ${from})`);
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
