import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, keepRenderedPage, pageCacheContext } from "./page-cache";
import { pageModesOf } from "./page-modes";
import { isPrivateUrl } from "./private-urls";

/** Routes whose handles make /signin private, as a route module's `handle` does. */
const pages = pageModesOf({
  root: { id: "root", path: "", module: {} },
  signin: { id: "signin", parentId: "root", path: "signin", module: { handle: { private: true } } },
  page: { id: "page", parentId: "root", path: "page", module: {} },
});

let renders = 0;
let base = "";
let close: () => void;
const cache = createPageCache({
  policy: (nonce) => `script-src 'nonce-${nonce}'`,
  ttlMs: 60_000,
  changesNoPage: (req) => req.path === "/device-write",
  isPrivateUrl: (url) => isPrivateUrl(url, pages),
});

/** What React Router does with a page request: its root middleware around the render. */
async function render(req: express.Request, res: express.Response, cacheControl: string) {
  const context = new RouterContextProvider();
  context.set(pageCacheContext, cache.contextFor(req, res));
  const next = async () => {
    renders++;
    const html = `<script nonce="${res.locals.nonce}">1</script><p>render ${renders}</p>`;
    return new Response(html, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, Vary: "Cookie" },
    });
  };
  const request = new Request(`http://localhost${req.originalUrl}`);
  const response = (await keepRenderedPage(
    { request, url: new URL(request.url), pattern: "/page", params: {}, context },
    next,
  ))!;
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.send(Buffer.from(await response.arrayBuffer()));
}

beforeAll(async () => {
  const app = express();
  let counter = 0;
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce${++counter}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(cache.middleware);
  app.get("/page", (req, res) => void render(req, res, "public, max-age=60"));
  app.get("/private", (req, res) => void render(req, res, "private, no-store"));
  // Rendered public on purpose: the cache must refuse these by their URL alone.
  app.get("/signin", (req, res) => void render(req, res, "public, max-age=60"));
  app.post("/save", (_req, res) => {
    res.status(204).end();
  });
  app.post("/device-write", (_req, res) => {
    res.status(200).end();
  });
  app.post("/refused", (_req, res) => {
    res.status(400).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("page cache", () => {
  it("serves a public page again without rendering, with the nonce its scripts carry", async () => {
    const first = await fetch(`${base}/page`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain('nonce="nonce1"');
    expect(first.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce1'");

    const second = await fetch(`${base}/page`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toContain("render 1");
    // The page is sent as it was rendered, so the policy names the nonce in it, not this response's own.
    expect(second.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce1'");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("cache-control")).toBe("public, max-age=60");
    expect(second.headers.get("vary")).toBe("Cookie");
    expect(renders).toBe(1);
  });

  it("renders afresh on a hard reload, for signed-in visitors and for private pages", async () => {
    const before = renders;
    const reloaded = await fetch(`${base}/page`, { headers: { "Cache-Control": "no-cache" } });
    expect(reloaded.headers.get("x-page-cache")).toBe("miss");
    expect(await reloaded.text()).toContain(`render ${before + 1}`);
    // The kept page stays until it expires.
    expect(await (await fetch(`${base}/page`)).text()).toContain("render 1");

    const signedIn = await fetch(`${base}/page`, { headers: { Cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toContain(`render ${before + 2}`);

    await fetch(`${base}/private`);
    const again = await fetch(`${base}/private`);
    expect(again.headers.get("x-page-cache")).toBe("miss");
    expect(renders).toBe(before + 4);
  });

  it("never keeps or serves an auth page or a URL carrying a secret, even one rendered public", async () => {
    for (const url of ["/signin", "/page?token=secret-value", "/page?reset_code=1", "/SignIn/"]) {
      const before = renders;
      await fetch(`${base}${url}`);
      const again = await fetch(`${base}${url}`);
      expect(again.headers.get("x-page-cache")).toBeNull();
      expect(await again.text()).toContain(`render ${before + 2}`);
    }
  });

  it("clears on a successful write, not on a refused one or one that changes no page", async () => {
    await fetch(`${base}/page`);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    await fetch(`${base}/refused`, { method: "POST" });
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    await fetch(`${base}/device-write`, { method: "POST" });
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    await fetch(`${base}/save`, { method: "POST" });
    expect(cache.size()).toBe(0);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("miss");
  });
});
