import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process";

// The kiosk player's doors (docs/product.md#the-player, docs/architecture.md#the-kiosk-service-worker): two pages
// that hold nothing until the screen has its own token, and a service worker that may only control them.
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

describe("the kiosk player's pages and worker", () => {
  it("serves /kiosk and /kiosk/play as bare, unindexed shells with the site's CSP and no kiosk's data", async () => {
    for (const path of ["/kiosk", "/kiosk/play"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
      const html = await response.text();
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      // No site chrome, and nothing a screen could only learn with a token.
      expect(html).not.toMatch(/<header/);
      expect(html).not.toMatch(/\/api\/kiosk\/manifest"|"token"|qrSvg/);
    }
  });

  it("serves the worker as JavaScript that is revalidated, not kept for an hour", async () => {
    const response = await fetch(`${server.url}/kiosk-sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("service-worker-allowed")).toBeNull();
    const source = await response.text();
    // It passes the device API straight to the network, and registers nothing outside its own scope.
    expect(source).toContain("/api/");
    expect(source).not.toMatch(/register\(/);
  });

  it("answers a device call from the player page without a token 401, and a made-up token 401", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer made-up-token-made-up-token-made-up" },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/api/kiosk/manifest`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "unpaired" });
    }
  });
});
