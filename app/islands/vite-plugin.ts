import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions, type Metafile, type OutputFile } from "esbuild";
import type { Plugin } from "vite";

// The browser code that is not React's client bundle, built by esbuild in one step of `npm run build` and emitted
// into the client build (BUILD_DIR/client, wherever React Router writes it):
// - the islands (docs/decisions/070-islands-instead-of-hydration.md): every `app/islands/<name>.island.ts` as
//   `assets/island-<name>-<hash>.js`, with the modules they load later (`import()`) as chunks beside them;
// - the kiosk service worker (app/kiosk-sw/sw.ts) as `/kiosk-sw.js`: one file, no imports left, served `no-cache`.
// `virtual:islands` gives the server (and the client) each island's URL by name. The hashes are esbuild's, of what
// it wrote (a chunk's covers the chunks it imports), and its metafile says which file is which island's.

const DIR = path.resolve(import.meta.dirname);
const ROOT = path.resolve(DIR, "../..");
const SUFFIX = ".island.ts";
const VIRTUAL = "virtual:islands";
const RESOLVED = `\0${VIRTUAL}`;
const KIOSK_WORKER = path.join(ROOT, "app/kiosk-sw/sw.ts");

/** What Vite's own build targets (its default, "baseline-widely-available"), so islands are written as before. */
const ISLAND_TARGET = ["chrome111", "edge111", "firefox114", "safari16.4", "ios16.4"];

const SHARED: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  format: "esm",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  write: false,
};

interface Bundle {
  /** Each island's URL by name. */
  urls: Record<string, string>;
  /** The files to emit, by their path in the client build. */
  files: { fileName: string; source: Uint8Array }[];
}

function islandFiles(): string[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(SUFFIX))
    .sort();
}

const islandName = (file: string) => file.slice(0, -SUFFIX.length);

/**
 * One esbuild build per island (they run side by side), so an island never imports a chunk it shares with another
 * (the attribute names of ./contract.ts would otherwise be a chunk of their own, one more request per page); only
 * what an island loads later with `import()` becomes a chunk beside it.
 */
function buildIsland(file: string) {
  return build({
    ...SHARED,
    entryPoints: { [islandName(file)]: path.join(DIR, file) },
    splitting: true,
    target: ISLAND_TARGET,
    outdir: path.join(ROOT, "assets"),
    entryNames: "island-[name]-[hash]",
    chunkNames: "island-[name]-[hash]",
  });
}

async function bundle(): Promise<Bundle> {
  const files = islandFiles();
  const [worker, ...islands] = await Promise.all([
    build({
      ...SHARED,
      entryPoints: [KIOSK_WORKER],
      target: "chrome100",
      outfile: path.join(ROOT, "kiosk-sw.js"),
    }),
    ...files.map(buildIsland),
  ]);
  const urls: Record<string, string> = {};
  for (const result of islands) {
    for (const [output, { entryPoint }] of Object.entries((result.metafile as Metafile).outputs)) {
      const file = entryPoint && path.basename(entryPoint);
      if (file && files.includes(file)) urls[islandName(file)] = `/${output}`;
    }
  }
  const emitted = (outputs: OutputFile[]) =>
    outputs.map((output) => ({
      fileName: path.relative(ROOT, output.path).split(path.sep).join("/"),
      source: output.contents,
    }));
  return { urls, files: [worker!, ...islands].flatMap((result) => emitted(result.outputFiles!)) };
}

export function islands(): Plugin {
  let serve = false;
  let bundled: Promise<Bundle> | null = null;
  // One esbuild run per build, shared by the client and server environments.
  const bundleOnce = () => (bundled ??= bundle());
  return {
    name: "local-shine:islands",
    configResolved(config) {
      serve = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return;
      // In dev Vite serves each island from its source; the kiosk worker is not registered there.
      const urls = serve
        ? Object.fromEntries(islandFiles().map((file) => [islandName(file), `/app/islands/${file}`]))
        : (await bundleOnce()).urls;
      return `export default ${JSON.stringify(urls)};`;
    },
    async generateBundle() {
      if (serve || this.environment.name !== "client") return;
      for (const { fileName, source } of (await bundleOnce()).files) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}
