import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

let renders = 0;
let published = 0;
let clearFromOtherProcess = () => {};
let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  let counter = 0;
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce${++counter}`;
    next();
  });
  app.use(
    pageCache({
      ttlMs: 60_000,
      shared: { publish: () => published++, subscribe: (clear) => (clearFromOtherProcess = clear) },
    }),
  );
  app.get("/page", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "public, max-age=60");
    res.setHeader("ETag", 'W/"v1"');
    res.type("html").send(`<script nonce="${res.locals.nonce}">1</script><p>render ${renders}</p>`);
  });
  app.post("/save", (_req, res) => {
    res.status(204).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("page cache", () => {
  it("serves a public page from memory with this response's nonce, honours ETags, skips signed-in visitors, clears on writes", async () => {
    const first = await fetch(`${base}/page`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain('nonce="nonce1"');

    const second = await fetch(`${base}/page`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const body = await second.text();
    expect(body).toContain('nonce="nonce2"');
    expect(body).not.toContain("nonce1");
    expect(body).toContain("render 1");
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(renders).toBe(1);

    // A hard reload renders afresh (and refreshes the entry).
    const reloaded = await fetch(`${base}/page`, { headers: { "Cache-Control": "no-cache" } });
    expect(reloaded.headers.get("x-page-cache")).toBe("miss");
    expect(await reloaded.text()).toContain("render 2");
    const afterReload = await fetch(`${base}/page`);
    expect(await afterReload.text()).toContain("render 2");

    const revalidated = await fetch(`${base}/page`, { headers: { "If-None-Match": 'W/"v1"' } });
    expect(revalidated.status).toBe(304);

    const signedIn = await fetch(`${base}/page`, { headers: { Cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers.get("x-page-cache")).not.toBe("hit");
    expect(renders).toBe(3);

    await fetch(`${base}/save`, { method: "POST" });
    const afterWrite = await fetch(`${base}/page`);
    expect(afterWrite.headers.get("x-page-cache")).toBe("miss");
    expect(await afterWrite.text()).toContain("render 4");
  });

  it("tells the cluster's other processes about a write, and clears when one of them writes", async () => {
    published = 0;
    await fetch(`${base}/save`, { method: "POST" });
    expect(published).toBe(1);

    await fetch(`${base}/page`);
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("hit");
    clearFromOtherProcess();
    expect((await fetch(`${base}/page`)).headers.get("x-page-cache")).toBe("miss");
    expect(published).toBe(1);
  });
});
