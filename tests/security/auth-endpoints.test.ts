import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount, postSignInForm, randomIp, uniqueEmail } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// An attacker's tour of /api/auth/*: Better Auth ships dozens of endpoints beside the site's own forms, each a
// second door with its own locks. Only the endpoints the site links to may answer (docs/security.md "One door
// to accounts"); everything else is 404, whatever the method, spelling or session.

let server: ServerProcess;
let owner = "";
const ADMIN = "auth-endpoints-admin@example.com";
let admin = "";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN });
  owner = await createSignedInAccount(server, uniqueEmail("endpoint-owner"));
  admin = await createSignedInAccount(server, ADMIN);
});
afterAll(async () => {
  await server.stop();
});

function call(method: string, path: string, { cookie = "", body }: { cookie?: string; body?: unknown } = {}) {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: server.url,
      "X-Forwarded-For": randomIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const UNUSED = [
  "/sign-in/email",
  "/sign-up/email",
  "/sign-in/social",
  "/sign-out",
  "/get-session",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/update-user",
  "/update-session",
  "/change-password",
  "/set-password",
  "/verify-password",
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/list-accounts",
  "/account-info",
  "/unlink-account",
  "/link-social",
  "/refresh-token",
  "/get-access-token",
  "/callback/google",
  "/ok",
  "/error",
  "/admin/list-users",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/set-role",
  "/admin/set-user-password",
  "/admin/update-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/remove-user",
  "/admin/has-permission",
];

// Spellings a router might treat as the same endpoint.
const SPELLINGS = (path: string) => [
  `/api/auth${path}`,
  `/api/auth${path}/`,
  `/api/auth${path}?x=1`,
  `/api/auth${path.toUpperCase()}`,
  `/api/auth/${path}`,
  `/api/auth${path.replace(/-/g, "%2D")}`,
  `/api/auth/verify-email%2F..${path}`,
  `/api/auth/reset-password/x%2F..%2F..${path}`,
];

describe("endpoints at /api/auth", () => {
  it("answers 404 to every endpoint the site does not use, by GET and POST, signed in or not", async () => {
    const answered: string[] = [];
    for (const path of UNUSED) {
      for (const [method, cookie] of [
        ["GET", ""],
        ["POST", ""],
        ["POST", owner],
        ["POST", admin],
      ]) {
        const response = await call(method, `/api/auth${path}`, {
          cookie,
          body: method === "POST" ? {} : undefined,
        });
        if (response.status !== 404) answered.push(`${method} ${path} -> ${response.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it("answers 404 to other spellings of those endpoints and to other methods on the used ones", async () => {
    const answered: string[] = [];
    const attempts: [string, string][] = [];
    for (const path of [
      "/sign-in/email",
      "/sign-up/email",
      "/change-password",
      "/update-user",
      "/get-session",
    ])
      for (const spelled of SPELLINGS(path)) attempts.push(["POST", spelled], ["GET", spelled]);
    for (const method of ["POST", "PUT", "DELETE", "PATCH"])
      attempts.push([method, "/api/auth/verify-email"], [method, "/api/auth/reset-password/abc"]);
    for (const [method, path] of attempts) {
      const response = await call(method, path, { cookie: owner, body: method === "GET" ? undefined : {} });
      if (response.status !== 404) answered.push(`${method} ${path} -> ${response.status}`);
    }
    expect(answered).toEqual([]);
  });

  it("still answers the links the site sends by email", async () => {
    const verify = await call("GET", "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fdashboard");
    expect(verify.status).not.toBe(404);
    expect(verify.status).toBeLessThan(500);
    const reset = await call("GET", "/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toMatch(/\/reset-password\?error=INVALID_TOKEN$/);
  });
});

describe("sign-up does not tell whether an email has an account", () => {
  async function signUpData(email: string) {
    const started = performance.now();
    const response = await fetch(`${server.url}/signin.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "signup", email, password: "amber-fjord-radio-73" }),
      redirect: "manual",
      headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
    });
    return { status: response.status, body: await response.text(), ms: performance.now() - started };
  }

  it("answers a taken email exactly like a new one, in about the same time", async () => {
    const taken = uniqueEmail("taken");
    await postSignInForm(server, { intent: "signup", email: taken, password: "amber-fjord-radio-73" });
    const newcomers: { status: number; body: string; ms: number }[] = [];
    const repeats: { status: number; body: string; ms: number }[] = [];
    for (let i = 0; i < 6; i++) {
      newcomers.push(await signUpData(uniqueEmail("newcomer")));
      repeats.push(await signUpData(i % 2 ? taken : taken.toUpperCase()));
    }
    for (const repeat of repeats) {
      expect(repeat.status).toBe(newcomers[0].status);
      expect(repeat.body).toBe(newcomers[0].body);
    }
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[3];
    // Both paths hash the password (the slow part); the difference is a few inserts. Relative as well as
    // absolute, so a busy machine slowing both does not fail it.
    const [freshMs, takenMs] = [median(newcomers), median(repeats)];
    expect(Math.abs(freshMs - takenMs)).toBeLessThan(Math.max(150, 0.5 * Math.max(freshMs, takenMs)));
  });

  it("answers the JSON door (if open) with the same user shape for a taken email", async () => {
    const taken = uniqueEmail("taken-json");
    await postSignInForm(server, { intent: "signup", email: taken, password: "amber-fjord-radio-73" });
    const body = (email: string) => ({ email, password: "amber-fjord-radio-73", name: "x" });
    const fresh = await call("POST", "/api/auth/sign-up/email", { body: body(uniqueEmail("fresh-json")) });
    const again = await call("POST", "/api/auth/sign-up/email", { body: body(taken) });
    expect(again.status).toBe(fresh.status);
    if (fresh.status === 404) return;
    const shape = async (response: Response) => {
      const { user } = (await response.json()) as { user: Record<string, unknown> };
      return Object.entries(user)
        .filter(([key]) => !["id", "email", "createdAt", "updatedAt"].includes(key))
        .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
    };
    expect(await shape(again)).toEqual(await shape(fresh));
  });
});
