import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache, keepRenderedPage, pageCacheContext, preferredEncoding } from "./page-cache";
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
async function render(
  req: express.Request,
  res: express.Response,
  cacheControl: string,
  extra: Record<string, string> = {},
) {
  const context = new RouterContextProvider();
  context.set(pageCacheContext, cache.contextFor(req, res));
  const next = async () => {
    renders++;
    const html = `<script nonce="${res.locals.nonce}">1</script><p>render ${renders}</p>`;
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": cacheControl,
        Vary: "Cookie",
        ...extra,
      },
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
  app.get("/tagged", (req, res) => void render(req, res, "public, max-age=60", { ETag: 'W/"tag1"' }));

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
    expect(second.headers.get("vary")).toBe("Cookie, Accept-Encoding");
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

/** A GET whose body is not decoded: the status, headers and the bytes as sent. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("page cache: compressed bytes", () => {
  it("keeps brotli and gzip copies and sends the one the client accepts, with its length", async () => {
    cache.clear();
    const before = renders;
    const rendered = (await rawGet("/page", { "Accept-Encoding": "identity" })).body.toString();
    // The copies are made off the main thread just after the page is kept.
    await expect
      .poll(async () => (await rawGet("/page", { "Accept-Encoding": "br" })).headers["content-encoding"])
      .toBe("br");
    const br = await rawGet("/page", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["x-page-cache"]).toBe("hit");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(rendered);

    const gz = await rawGet("/page", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(rendered);
    expect(gz.headers.vary).toBe("Cookie, Accept-Encoding");

    const refusesBrotli = await rawGet("/page", { "Accept-Encoding": "br;q=0, *" });
    expect(refusesBrotli.headers["content-encoding"]).toBe("gzip");

    const plain = await rawGet("/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(rendered);
    expect(renders).toBe(before + 1);
  });

  it("answers 304 to a client holding the kept page's ETag, without a policy", async () => {
    const first = await rawGet("/tagged");
    expect(first.headers.etag).toBe('W/"tag1"');
    const again = await rawGet("/tagged", { "If-None-Match": 'W/"other", W/"tag1"' });
    expect(again.status).toBe(304);
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers.etag).toBe('W/"tag1"');
    expect(again.body.length).toBe(0);
    const other = await rawGet("/tagged", { "If-None-Match": 'W/"other"' });
    expect(other.status).toBe(200);
  });

  it("picks the best encoding the header allows", () => {
    const both = { br: Buffer.alloc(1), gzip: Buffer.alloc(1) };
    expect(preferredEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(preferredEncoding("gzip;q=1.0, br;q=0", both)).toBe("gzip");
    expect(preferredEncoding("deflate", both)).toBeNull();
    expect(preferredEncoding("*", both)).toBe("br");
    expect(preferredEncoding(undefined, both)).toBeNull();
    expect(preferredEncoding("br", { gzip: Buffer.alloc(1) })).toBeNull();
  });
});

describe("page cache: an expired page", () => {
  const expiring = createPageCache({
    policy: (nonce) => `script-src 'nonce-${nonce}'`,
    ttlMs: 1,
    isPrivateUrl: () => false,
  });

  it("is rendered again by one request while the others get the kept copy", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let count = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "n";
      next();
    });
    app.use(expiring.middleware);
    app.get("/slow", async (req, res) => {
      const context = new RouterContextProvider();
      context.set(pageCacheContext, expiring.contextFor(req, res));
      const n = ++count;
      // The second render waits until the test lets it finish.
      if (n === 2) await held;
      const request = new Request(`http://localhost${req.originalUrl}`);
      const response = (await keepRenderedPage(
        { request, url: new URL(request.url), pattern: "/slow", params: {}, context },
        async () =>
          new Response(`render ${n}`, {
            headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=1" },
          }),
      ))!;
      res.setHeader("Content-Type", "text/html");
      res.send(Buffer.from(await response.arrayBuffer()));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    try {
      expect(await (await fetch(url)).text()).toBe("render 1");
      // Expired at once (1 ms): this request renders again and is held there.
      await expect.poll(() => expiring.size()).toBe(1);
      const refreshing = fetch(url).then((r) => r.text());
      await expect.poll(() => count).toBe(2);
      const meanwhile = await fetch(url);
      expect(meanwhile.headers.get("x-page-cache")).toBe("hit");
      expect(await meanwhile.text()).toBe("render 1");
      release();
      expect(await refreshing).toBe("render 2");
      expect(count).toBe(2);
    } finally {
      server.close();
    }
  });
});

describe("page cache: a page that is gone", () => {
  it("drops the kept copy when the render replacing it keeps nothing", async () => {
    const short = createPageCache({ policy: () => "", ttlMs: 1, isPrivateUrl: () => false });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "n";
      next();
    });
    app.use(short.middleware);
    let gone = false;
    app.get("/p", async (req, res) => {
      if (gone) return void res.status(404).send("not here");
      const context = new RouterContextProvider();
      context.set(pageCacheContext, short.contextFor(req, res));
      const request = new Request(`http://localhost${req.originalUrl}`);
      const response = (await keepRenderedPage(
        { request, url: new URL(request.url), pattern: "/p", params: {}, context },
        async () =>
          new Response("page", { headers: { "Content-Type": "text/html", "Cache-Control": "public" } }),
      ))!;
      res.send(Buffer.from(await response.arrayBuffer()));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/p`;
    try {
      await fetch(url);
      expect(short.size()).toBe(1);
      gone = true;
      const response = await fetch(url);
      expect(response.status).toBe(404);
      await response.text();
      await expect.poll(() => short.size()).toBe(0);
      expect((await fetch(url)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
