/**
 * Page weight: the gzip size of the JavaScript each public page loads, measured against a built server.
 *
 *   BUILD_DIR=.tmp/build-mkt node --import tsx bench/pages.ts      starts that build on a free port (fresh demo data)
 *   BENCH_URL=http://localhost:3000 node --import tsx bench/pages.ts    measures a server that is already running
 *
 * For each page: fetch the HTML, collect `<script src>`, `<link rel="modulepreload">` and the inline module's
 * imports, follow their static imports, gzip each file once and sum. Fails (exit 1) when a page without React (what a
 * signed-out visitor reads: home, about, the map, the directory lists, a business, the stories pages, a story, and
 * the form pages) loads more than its 60 KB gzip budget, when a page loads Leaflet on first view, or when the chunk
 * the map page's island loads when its map is opened lacks it.
 */
import { gzipSync } from "node:zlib";
import { publicPages, startDemoServer } from "./public-pages";

/** docs/performance.md "Page weight": what a read-only page may load on first view, gzip. */
const READ_ONLY_BUDGET_BYTES = 60 * 1024;
/**
 * The public pages that don't hydrate for visitors: the read-only pages, the form pages and the map (docs/decisions/070,
 * 071 and 100). Every public page.
 */
const READ_ONLY = new Set([
  "/",
  "/map",
  "/contact",
  "/submit-business",
  "/signin",
  "/forgot-password",
  "/about",
  "/shine-stories",
  "/shine-stories/food-industry",
  "/stories/submit",
  "story page",
  "/local-shiners",
  "/local-shiners/all",
  "/local-shiners/home-services",
  "business page",
]);
/** Leaflet's own bookkeeping property: present in its code however it is minified. */
const LEAFLET_MARKER = "_leaflet_id";

interface Asset {
  url: string;
  raw: number;
  gzip: number;
  leaflet: boolean;
  code: string;
}

const assets = new Map<string, Promise<Asset>>();

function fetchAsset(url: string): Promise<Asset> {
  let pending = assets.get(url);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const code = await response.text();
      const bytes = Buffer.from(code);
      return {
        url,
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        leaflet: code.includes(LEAFLET_MARKER),
        code,
      };
    })();
    assets.set(url, pending);
  }
  return pending;
}

/** `import"./x.js"` and `from"./x.js"` in built chunks; dynamic `import("./x.js")` is deliberately not followed. */
function staticImports(code: string, base: string): string[] {
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)].map(
    (match) => new URL(match[1], base).href,
  );
}

/** Every JS file reachable through static imports from `entries`. */
async function closure(entries: string[]): Promise<Asset[]> {
  const seen = new Map<string, Asset>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const asset = await fetchAsset(url);
    seen.set(url, asset);
    queue.push(...staticImports(asset.code, url));
  }
  return [...seen.values()];
}

function initialScripts(html: string, base: string): string[] {
  const urls = [
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap(([, inline]) =>
      [...inline.matchAll(/import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)].map((match) => match[1]),
    ),
  ];
  return [...new Set(urls.map((url) => new URL(url, base).href))];
}

const stylesheets = (html: string, base: string) =>
  [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (match) => new URL(match[1], base).href,
  );

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Asset[], key: "raw" | "gzip") => files.reduce((total, file) => total + file[key], 0);

async function main() {
  const started = process.env.BENCH_URL ? undefined : await startDemoServer();
  const base = process.env.BENCH_URL ?? started!.url;
  const problems: string[] = [];
  try {
    const measured: Array<{ label: string; files: Asset[]; note: string }> = [];
    for (const { label, path: page } of await publicPages(base)) {
      const html = await (await fetch(base + page)).text();
      const files = await closure(initialScripts(html, base + page));
      const css = await Promise.all(stylesheets(html, base + page).map(fetchAsset));
      const leafletCss = css.some((file) => file.code.includes(".leaflet-pane"));
      let note = "";
      if (page === "/map") {
        const names = files.flatMap((file) =>
          [...file.code.matchAll(/island-leaflet-map-[\w-]+\.js/g)].map((m) => m[0]),
        );
        const loaded = new Set(files.map((file) => file.url));
        const lazy = await closure([...new Set(names)].map((name) => new URL(`/assets/${name}`, base).href));
        const chunk = lazy.filter((file) => !loaded.has(file.url));
        if (!chunk.some((file) => file.leaflet))
          problems.push("the map page's lazy chunk does not contain Leaflet");
        if (files.some((file) => file.leaflet) || leafletCss)
          problems.push("/map loads Leaflet before its map is opened");
        note = `+ ${kb(sum(chunk, "gzip"))} Leaflet chunk when the map is opened`;
      } else if (files.some((file) => file.leaflet) || leafletCss) {
        problems.push(`${page} loads Leaflet code`);
      }
      if (READ_ONLY.has(label)) {
        note = [note, `no React: budget ${kb(READ_ONLY_BUDGET_BYTES)}`].filter(Boolean).join("; ");
        if (sum(files, "gzip") > READ_ONLY_BUDGET_BYTES) {
          problems.push(
            `${label} loads ${kb(sum(files, "gzip"))} of JS (gzip), over its ${kb(READ_ONLY_BUDGET_BYTES)} budget`,
          );
        }
      }
      measured.push({ label, files, note });
    }
    // What every page loads (framework, root layout, shared primitives) versus what each page adds on top.
    const shared = measured
      .map(({ files }) => new Set(files.map((file) => file.url)))
      .reduce((common, urls) => new Set([...common].filter((url) => urls.has(url))));
    const sharedGzip = sum(measured[0]?.files.filter((file) => shared.has(file.url)) ?? [], "gzip");
    console.log("| page | JS files | JS raw | JS gzip | of which the page's own | notes |");
    console.log("|---|---:|---:|---:|---:|---|");
    for (const { label, files, note } of measured) {
      const own = files.filter((file) => !shared.has(file.url));
      console.log(
        `| ${label} | ${files.length} | ${kb(sum(files, "raw"))} | ${kb(sum(files, "gzip"))} | ${kb(sum(own, "gzip"))} | ${note} |`,
      );
    }
    console.log(`\nShared by every page: ${shared.size} files, ${kb(sharedGzip)} gzip.`);
  } finally {
    await started?.stop();
  }
  if (problems.length > 0) {
    console.error(`\nFAILED:\n- ${problems.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nOK: every page without React within ${kb(READ_ONLY_BUDGET_BYTES)}; Leaflet (code and CSS) loads only on /map, when its map is opened.`,
    );
  }
}

await main();
