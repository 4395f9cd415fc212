import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, createSignedInAccount, PASSWORD, randomIp } from "../support/http-accounts";
import { HOSTILE_RETURN_PATHS, SAME_SITE_RETURN_PATHS } from "../support/redirect-variants";
import { startServer, type ServerProcess } from "../support/server-process";

// Every return path the site accepts (sign-in's redirectTo, Better Auth's callbackURL) must end on this site,
// whatever the attacker writes in it: the test follows each redirect as a browser would and checks where it lands.
let server: ServerProcess;
const EMAIL = "redirect-owner@example.com";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
  await createSignedInAccount(server, EMAIL);
});
afterAll(async () => {
  await server.stop();
});

/** Follows redirects like a browser (resolving each Location against the current URL); returns every URL visited. */
async function follow(first: Response, from: string, cookie = ""): Promise<URL[]> {
  const visited: URL[] = [];
  let response = first;
  let current = new URL(from);
  for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
    const location = response.headers.get("location");
    expect(location, `redirect without Location from ${current.href}`).toBeTruthy();
    current = new URL(location!, current);
    visited.push(current);
    if (current.origin !== server.url) break;
    response = await fetch(current, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  }
  return visited;
}

function expectOnSite(visited: URL[], variant: string) {
  expect(visited.length, `no redirect for ${JSON.stringify(variant)}`).toBeGreaterThan(0);
  for (const url of visited)
    expect(url.origin, `${JSON.stringify(variant)} went to ${url.href}`).toBe(server.url);
}

function signIn(redirectTo: string, path = "/signin") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email: EMAIL, password: PASSWORD, redirectTo }),
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
  });
}

function shareStory(returnTo: string) {
  return fetch(`${server.url}/stories/submit`, {
    method: "POST",
    body: new URLSearchParams({
      firstName: "Ana",
      lastName: "Reyes",
      email: "ana@example.com",
      story: "A story long enough to be taken.",
      returnTo,
    }),
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
  });
}

describe("open redirects", () => {
  it(`keeps the share form's returnTo on this site for ${HOSTILE_RETURN_PATHS.length} hostile variants`, async () => {
    for (const variant of HOSTILE_RETURN_PATHS) {
      const response = await shareStory(variant);
      expect(response.status, JSON.stringify(variant)).toBe(303);
      expect(response.headers.get("location"), JSON.stringify(variant)).toMatch(/^\/(?![/\\])/);
      expectOnSite(await follow(response, `${server.url}/stories/submit`), variant);
    }
    const back = await shareStory("/story/5d0f?from=share");
    expect(back.headers.get("location")).toBe("/story/5d0f?from=share");
  });

  it(`keeps sign-in's redirectTo on this site for ${HOSTILE_RETURN_PATHS.length} hostile variants`, async () => {
    for (const variant of HOSTILE_RETURN_PATHS) {
      const response = await signIn(variant);
      expect(response.status, JSON.stringify(variant)).toBe(302);
      const location = response.headers.get("location")!;
      expect(location, JSON.stringify(variant)).toMatch(/^\/(?![/\\])/);
      expectOnSite(await follow(response, `${server.url}/signin`, cookieFrom(response)), variant);
    }
  });

  it("keeps the redirect of a script-driven sign-in (.data) on this site", async () => {
    for (const variant of HOSTILE_RETURN_PATHS.slice(0, 24)) {
      const response = await signIn(variant, "/signin.data");
      const body = await response.text();
      expect(response.status, JSON.stringify(variant)).toBeLessThan(500);
      // React Router answers a data request's redirect with the target in the body or a header.
      const target = response.headers.get("x-remix-redirect") ?? body;
      expect(target, JSON.stringify(variant)).not.toMatch(/"\/\/|"\/\\|https?:\/\/evil|evil\.example@/);
    }
  });

  it("still returns to a same-site path after sign-in", async () => {
    for (const [input, expected] of SAME_SITE_RETURN_PATHS) {
      const response = await signIn(input);
      expect(response.headers.get("location")).toBe(expected);
    }
  });

  it("keeps Better Auth's callbackURL on this site (verify-email and reset-password links)", async () => {
    for (const variant of HOSTILE_RETURN_PATHS) {
      const query = new URLSearchParams({ token: "not-a-real-token", callbackURL: variant });
      for (const path of ["/api/auth/verify-email", "/api/auth/reset-password/not-a-real-token"]) {
        const from = `${server.url}${path}?${query}`;
        const response = await fetch(from, { redirect: "manual" });
        expect(response.status, `${path} ${JSON.stringify(variant)}`).toBeLessThan(500);
        if (response.status >= 300 && response.status < 400) {
          expectOnSite(await follow(response, from), variant);
        }
      }
    }
  });

  it("refuses a hostile callbackURL or redirectTo given to Better Auth's own endpoints", async () => {
    for (const variant of HOSTILE_RETURN_PATHS) {
      const headers = { "Content-Type": "application/json", "X-Forwarded-For": randomIp() };
      const reset = await fetch(`${server.url}/api/auth/request-password-reset`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: EMAIL, redirectTo: variant }),
      });
      expect(reset.status, JSON.stringify(variant)).toBeLessThan(500);
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: EMAIL, password: PASSWORD, name: "x", callbackURL: variant }),
      });
      expect(signUp.status, JSON.stringify(variant)).toBeLessThan(500);
      const location = signUp.headers.get("location");
      if (location) expect(new URL(location, server.url).origin).toBe(server.url);
    }
  });
});
