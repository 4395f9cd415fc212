import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtRoutes, urlFor, type BuiltRoute } from "../support/built-routes";
import { startServer, type ServerProcess } from "../support/server-process";

// A page's mode is its route module's `handle` (app/lib/page-handle.ts), and nothing else: every route of the
// built server is held here to what its handle declares, so a new form page or private page is right by its
// handle alone, and a handle the server ignored fails here (docs/architecture.md "Page modes").
let server: ServerProcess;
const routes = builtRoutes();
const isStatic = (route: BuiltRoute) => !/[:*]/.test(route.path);

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

function post(path: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(),
    redirect: "manual",
    headers: { Origin: server.url },
  });
}

function get(path: string, method = "GET") {
  return fetch(`${server.url}${path}`, { method, redirect: "manual" });
}

describe("page modes follow the route handles", () => {
  it("reads the modes the pages declare", () => {
    const formPages = routes.filter((route) => route.handle.formPage).map((route) => route.path);
    expect(formPages).toEqual(expect.arrayContaining(["/contact", "/signin", "/stories/submit"]));
    expect(routes.filter((route) => route.handle.private).length).toBeGreaterThan(0);
  });

  it.each(routes.filter((route) => route.handle.formPage))(
    "form page $path answers a refused post 200 with X-Form-Status, as a document and as data",
    async (route) => {
      expect(route.hasAction, "a form page has an action").toBe(true);
      for (const path of [urlFor(route.path), `${urlFor(route.path)}.data`]) {
        const response = await post(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("x-form-status"), path).toMatch(/^4\d\d$/);
      }
    },
  );

  it.each(routes.filter((route) => route.page && route.hasAction && !route.handle.formPage))(
    "page $path is not a form page: a refused post keeps its status",
    async (route) => {
      const response = await post(urlFor(route.path));
      expect(response.headers.get("x-form-status")).toBeNull();
    },
  );

  it.each(routes.filter((route) => route.handle.private))(
    "private $path is no-store, has no ETag and is never served from the page cache",
    async (route) => {
      const path = urlFor(route.path);
      for (const method of ["GET", "HEAD", "GET"]) {
        const response = await get(path, method);
        expect(response.headers.get("cache-control"), `${method} ${path}`).toMatch(/\bno-store\b/);
        expect(response.headers.get("etag"), `${method} ${path}`).toBeNull();
        expect(response.headers.get("x-page-cache"), `${method} ${path}`).not.toBe("hit");
      }
    },
  );

  it.each(routes.filter((route) => route.page && isStatic(route)))(
    "page $path: hydration, islands and caching as its handle says",
    async (route) => {
      const response = await get(route.path);
      if (response.status !== 200) return; // signed-in pages send visitors to sign in
      const html = await response.text();
      const hydrates = html.includes("__reactRouterContext");
      expect(hydrates, "hydrates").toBe(route.handle.hydrate !== false);
      for (const island of ["phone-menu", ...(route.handle.islands ?? [])]) {
        expect(html, island).toMatch(
          new RegExp(`<script type="module" src="/assets/island-${island}-[\\w-]+\\.js" nonce="`),
        );
      }
      if (!route.handle.private) expect(response.headers.get("cache-control")).toMatch(/^public/);
    },
  );
});
