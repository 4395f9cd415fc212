import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount, randomIp } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// The story form's Markdown preview (POST /admin/stories/preview): admins only, same-site only, and what it
// answers is sanitized like the story page (a visitor's submitted text becomes the draft an admin previews).

const ADMIN_EMAIL = "preview-admin@example.com";
let server: ServerProcess;
let admin = "";
let owner = "";

async function preview(content: string, { cookie = "", origin }: { cookie?: string; origin?: string } = {}) {
  const response = await fetch(`${server.url}/admin/stories/preview`, {
    method: "POST",
    body: new URLSearchParams({ content }),
    headers: {
      Origin: origin ?? server.url,
      "X-Forwarded-For": randomIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    redirect: "manual",
  });
  return {
    status: response.status,
    text: await response.text(),
    cache: response.headers.get("cache-control"),
  };
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN_EMAIL });
  [admin, owner] = await Promise.all([
    createSignedInAccount(server, ADMIN_EMAIL),
    createSignedInAccount(server, "preview-owner@example.com"),
  ]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("story Markdown preview", () => {
  it("renders for an admin, sanitized like the story page, and is never cached", async () => {
    const answer = await preview(
      "## Hello\n\n**bold** <script>alert(1)</script><img src=x onerror=alert(2)>",
      {
        cookie: admin,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.cache).toContain("no-store");
    const { html } = JSON.parse(answer.text) as { html: string };
    expect(html).toContain("<h2>Hello</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toMatch(/<script|onerror|<img/i);
  });

  it("refuses visitors and owners, and other sites", async () => {
    expect((await preview("# Hi")).status).toBe(401);
    const byOwner = await preview("# Hi", { cookie: owner });
    expect(byOwner.status).toBe(403);
    expect(byOwner.text).not.toContain("<h1>");
    const crossSite = await preview("# Hi", { cookie: admin, origin: "https://evil.example" });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.text).not.toContain("<h1>");
  });

  it("answers a GET or a body that is not a form with a 4xx, never a 500", async () => {
    const get = await fetch(`${server.url}/admin/stories/preview`, { headers: { Cookie: admin } });
    expect(get.status).toBe(405);
    const json = await fetch(`${server.url}/admin/stories/preview`, {
      method: "POST",
      body: JSON.stringify({ content: "# Hi" }),
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: admin },
    });
    expect(json.status).toBe(400);
    const tooLong = await preview("x".repeat(20_001), { cookie: admin });
    expect(tooLong.status).toBe(413);
  });
});
