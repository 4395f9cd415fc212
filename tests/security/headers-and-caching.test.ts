import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Security headers (docs/security.md#headers) and caching for visitors, against the built server with the demo content.
let server: ServerProcess;
let ownerCookie: string;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", SEED_DEMO: "true" });
  ownerCookie = await createSignedInAccount(server, "cache-owner@example.com");
});
afterAll(async () => {
  await server.stop();
});

/** A fresh render (the page cache serves `no-cache` requests afresh too). */
function render(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { headers: { "Cache-Control": "no-cache", ...headers } });
}

describe("security headers", () => {
  it("sends a nonce CSP that every inline script carries, and the other protective headers", async () => {
    // A page that hydrates for visitors (read-only and form pages send them no inline script).
    const response = await render("/map");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A new nonce per response.
    const again = (await render("/map")).headers.get("content-security-policy");
    expect(again).not.toBe(csp);

    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("marks assets, media and errors nosniff too", async () => {
    const notFound = await render("/no-such-page");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-content-type-options")).toBe("nosniff");
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("caching for visitors", () => {
  it("lets caches keep public pages briefly, with an ETag that survives the nonce and answers 304; a kept page names its nonce", async () => {
    const first = await render("/local-shiners/all");
    expect(first.status).toBe(200);
    const cacheControl = first.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/max-age=\d+/);
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
    expect(first.headers.get("vary")).toMatch(/\bCookie\b/);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);

    // Rendered again with another nonce: the same page, so the same ETag.
    const second = await render("/local-shiners/all");
    expect(second.headers.get("content-security-policy")).not.toBe(
      first.headers.get("content-security-policy"),
    );
    expect(second.headers.get("etag")).toBe(etag);

    const revalidated = await render("/local-shiners/all", { "If-None-Match": etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    // No new nonce on a 304: the browser would lay it over the kept page, whose scripts carry the old one.
    expect(revalidated.headers.get("content-security-policy")).toBeNull();

    // Another page has another ETag, and a stale ETag gets the full page.
    const other = await render("/local-shiners/all?page=3");
    expect(other.headers.get("etag")).not.toBe(etag);
    const stale = await render("/local-shiners/all?page=3", { "If-None-Match": etag! });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("LOCAL SHINERS");

    // The page cache serves the page as it was rendered, with the policy naming the nonce in it.
    await fetch(`${server.url}/local-shiners/all?page=2`);
    const kept = await fetch(`${server.url}/local-shiners/all?page=2`);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(kept.headers.get("cache-control")).toBe(cacheControl);
    const nonce = kept.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await kept.text();
    expect(html).toContain("LOCAL SHINERS");
    // Every script, inline or not (this page sends visitors only its islands), names the nonce in the policy.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("never lets a cache keep a signed-in page", async () => {
    for (const path of ["/local-shiners/all", "/dashboard"]) {
      const response = await render(path, { Cookie: ownerCookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
    // Nor serve one a page kept for visitors.
    await fetch(`${server.url}/local-shiners/all?page=2`);
    const signedIn = await fetch(`${server.url}/local-shiners/all?page=2`, {
      headers: { Cookie: ownerCookie },
    });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves hashed assets as immutable", async () => {
    const html = await (await render("/contact")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
  });

  it("serves list images at display size as WebP, smaller than the original", async () => {
    const html = await (await render("/local-shiners/all")).text();
    const src = html.match(/<img[^>]*\ssrc="(\/media\/[^"]+\?w=\d+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(src).toBeTruthy();
    const resized = await fetch(`${server.url}${src}`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/webp");
    const original = await fetch(`${server.url}${src!.split("?")[0]}`);
    expect(original.status).toBe(200);
    const [small, full] = [await resized.arrayBuffer(), await original.arrayBuffer()];
    expect(small.byteLength).toBeLessThan(full.byteLength);
  });
});
