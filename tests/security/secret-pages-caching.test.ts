import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process";

// A page whose URL carries a secret (a reset token, a verification token), and every auth page, must never be
// kept by a browser, a proxy or the server's own page cache.
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", SEED_DEMO: "true" });
});
afterAll(async () => {
  await server.stop();
});

const SECRET_URLS = [
  "/reset-password?token=secret-reset-token-1",
  "/reset-password/?token=secret-reset-token-2",
  "/Reset-Password?token=secret-reset-token-3",
  "/reset-password?error=INVALID_TOKEN",
  "/reset-password.data?token=secret-reset-token-4",
  "/reset-password",
  "/signin",
  "/signin/",
  "/SIGNIN",
  "/sign%69n",
  "/signin?redirectTo=%2Fdashboard",
  "/signin?mode=signup",
  "/signin.data",
  "/forgot-password",
  "/forgot-password.data",
  "/signout",
  "/?token=secret-token-on-home",
  "/about?code=secret-code",
  "/local-shiners/all?page=1&access_token=secret-access",
  "/about?TOKEN=secret-upper",
  "/api/auth/get-session",
  "/api/auth/verify-email?token=secret-verify&callbackURL=%2Fdashboard",
  "/api/auth/reset-password/secret-reset-path-token?callbackURL=%2Freset-password",
  "/api/auth/no-such-endpoint",
];

describe("no-store for secrets and auth pages", () => {
  it.each(SECRET_URLS)("%s is no-store and never served from the page cache", async (path) => {
    for (const method of ["GET", "HEAD", "GET"]) {
      const response = await fetch(`${server.url}${path}`, { method, redirect: "manual" });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, `${method} ${path}`).toMatch(/\bno-store\b/);
      expect(cacheControl, `${method} ${path}`).not.toMatch(/\bpublic\b|max-age=[1-9]/);
      expect(response.headers.get("x-page-cache"), `${method} ${path}`).not.toBe("hit");
      expect(response.headers.get("etag"), `${method} ${path}`).toBeNull();
    }
  });

  it("keeps public pages without secrets cacheable", async () => {
    for (const path of ["/about", "/local-shiners/all?page=2", "/about?utm_source=mail"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("cache-control"), path).toMatch(/^public/);
    }
  });
});
