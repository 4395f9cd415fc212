import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, createSignedInAccount, PASSWORD, randomIp } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess;
const EMAIL = "session-owner@example.com";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
  await createSignedInAccount(server, EMAIL);
});
afterAll(async () => {
  await server.stop();
});

function signIn(extra: { cookie?: string; redirectTo?: string; rememberMe?: boolean } = {}) {
  const body = new URLSearchParams({
    intent: "signin",
    email: EMAIL,
    password: PASSWORD,
    redirectTo: extra.redirectTo ?? "",
  });
  if (extra.rememberMe) body.set("rememberMe", "on");
  return fetch(`${server.url}/signin`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: server.url,
      "X-Forwarded-For": randomIp(),
      ...(extra.cookie ? { Cookie: extra.cookie } : {}),
    },
  });
}

describe("sessions", () => {
  it("issues a new session token at sign-in (no fixation) with httpOnly, SameSite=Lax cookies", async () => {
    const planted = "better-auth.session_token=attacker-chosen-value.signature";
    const response = await signIn({ cookie: planted });
    expect(response.status).toBe(302);
    const setCookies = response.headers.getSetCookie();
    const session = setCookies.find((value) => value.includes("session_token="));
    expect(session).toBeTruthy();
    expect(session).not.toContain("attacker-chosen-value");
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    // Without Remember me the cookie is a browser-session cookie.
    expect(session).not.toMatch(/Max-Age|Expires/i);
  });

  it("makes a remembered session last 30 days", async () => {
    const response = await signIn({ rememberMe: true });
    const session = response.headers.getSetCookie().find((value) => value.includes("session_token="));
    const maxAge = Number(session?.match(/Max-Age=(\d+)/i)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(29 * 24 * 3600);
  });

  it("invalidates the session on the server at sign-out: the old cookie no longer works", async () => {
    const cookie = cookieFrom(await signIn());
    const before = await fetch(`${server.url}/dashboard`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(before.status).toBe(200);
    const out = await fetch(`${server.url}/signout`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const after = await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/signin/);
  });

  it("never redirects off-site after sign-in", async () => {
    for (const target of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/%2F%2Fevil.example",
    ]) {
      const response = await signIn({ redirectTo: target });
      const location = response.headers.get("location") ?? "";
      expect(location.startsWith("/"), `${target} -> ${location}`).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(new URL(location, server.url).origin).toBe(server.url);
    }
    const same = await signIn({ redirectTo: "/admin?x=1" });
    expect(same.headers.get("location")).toBe("/admin?x=1");
  });

  it("refuses state-changing requests from another origin", async () => {
    const cookie = cookieFrom(await signIn());
    for (const path of [
      "/signout",
      "/signin",
      "/dashboard/media",
      "/admin",
      "/stories/submit",
      "/api/auth/sign-out",
    ]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=delete",
        redirect: "manual",
      });
      expect(response.status, path).toBe(403);
    }
    const stillSignedIn = await fetch(`${server.url}/dashboard`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(stillSignedIn.status).toBe(200);
  });
});
