import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { startServer, type ServerProcess } from "../support/server-process";

// `npm run dev` is how the team works on the site. Under Vite, the app and @react-router/express must load the
// same copy of react-router (its development build), or every page answers 500: "Invalid `context` value".
describe("the dev server (npm run dev)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const [command, ...args] = packageJson.scripts.dev.split(" ");
    expect(command).toBe("node");
    server = await startServer({ LOG_LEVEL: "warn" }, args);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("renders pages with data, links the client entry, and lets Vite's inline scripts run", async () => {
    const response = await fetch(`${server.url}/local-shiners/all`);
    const html = await response.text();
    expect(response.status, server.output()).toBe(200);
    expect(html).toContain("LOCAL SHINERS");
    expect(html).toMatch(/<script[^>]+type="module"/);
    // Vite's inline HMR scripts carry no nonce: a nonce in the policy would make browsers block them.
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' 'unsafe-eval' 'unsafe-inline'");
    expect(policy).not.toContain("nonce-");
    // Nor does the page carry a nonce's value: the client renders "", and React would report a hydration mismatch.
    expect(html).not.toMatch(/nonce="[^"]/);
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
  });
});
