import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieFrom,
  createSignedInAccount,
  formStatus,
  isSignedIn,
  PASSWORD,
  postSignInForm,
  randomIp,
  uniqueEmail,
  waitForLink,
} from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Every door that sets a password applies the same rules (docs/security.md "Password rules"), and a changed
// password ends the other sessions. Each weak password below is refused on each door; the account keeps its old
// password throughout.

let server: ServerProcess;
const ADMIN = "password-rules-admin@example.com";
let admin = "";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN });
  admin = await createSignedInAccount(server, ADMIN);
});
afterAll(async () => {
  await server.stop();
});

/** Weak in different ways: common (any case), short, patterns, the email, the site's own words, too long. */
function weakPasswords(email: string) {
  return [
    "password",
    "PassWord",
    "123456",
    "qwerty123",
    "abc12",
    "aaaaaaaa",
    "abcdefgh",
    "1q2w3e4r",
    "localshine",
    "kiosk123",
    email,
    email.toUpperCase(),
    email.split("@")[0],
    `${email.split("@")[0]}2024`,
    "x".repeat(129),
  ];
}

function postJson(path: string, body: unknown, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      "X-Forwarded-For": randomIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function resetToken(email: string): Promise<string> {
  await fetch(`${server.url}/forgot-password`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
  });
  const link = await waitForLink(server, email, "/api/auth/reset-password/");
  const landed = await fetch(link, { redirect: "manual" });
  const token = new URL(landed.headers.get("location") ?? "", server.url).searchParams.get("token");
  if (!token) throw new Error(`no token from ${link}`);
  return token;
}

async function stillHasOldPassword(email: string) {
  const response = await postSignInForm(server, { email, password: PASSWORD });
  return response.status === 302;
}

describe("password rules on every door", () => {
  it("refuses weak passwords at sign-up, on the form and on the JSON door", async () => {
    const accepted: string[] = [];
    for (let i = 0; i < weakPasswords("x@example.com").length; i++) {
      const email = uniqueEmail("weak-signup");
      const password = weakPasswords(email)[i];
      const form = await postSignInForm(server, { intent: "signup", email, password });
      if (formStatus(form) < 400) accepted.push(`form ${password.slice(0, 20)} -> ${form.status}`);
      const json = await postJson("/api/auth/sign-up/email", { email, password, name: "x" });
      if (json.status < 400) accepted.push(`json ${password.slice(0, 20)} -> ${json.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it("refuses weak passwords at reset, on the form and on the JSON door", async () => {
    const email = uniqueEmail("weak-reset");
    await createSignedInAccount(server, email);
    const token = await resetToken(email);
    const accepted: string[] = [];
    for (const password of weakPasswords(email)) {
      const form = await fetch(`${server.url}/reset-password?token=${token}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({ token, password, confirmPassword: password }),
      });
      if (formStatus(form) < 400) accepted.push(`form ${password.slice(0, 20)} -> ${form.status}`);
      const json = await postJson("/api/auth/reset-password", { token, newPassword: password });
      if (json.status < 400) accepted.push(`json ${password.slice(0, 20)} -> ${json.status}`);
    }
    expect(accepted).toEqual([]);
    expect(await stillHasOldPassword(email)).toBe(true);
  });

  it("refuses weak passwords on every change-password door, the admin's included", async () => {
    const email = uniqueEmail("weak-change");
    const cookie = await createSignedInAccount(server, email);
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { Cookie: cookie } });
    const userId = session.ok ? ((await session.json()) as { user: { id: string } }).user.id : "unknown";
    const accepted: string[] = [];
    for (const password of weakPasswords(email)) {
      for (const [path, body, who] of [
        ["/api/auth/change-password", { currentPassword: PASSWORD, newPassword: password }, cookie],
        ["/api/auth/set-password", { newPassword: password }, cookie],
        ["/api/auth/admin/set-user-password", { userId, newPassword: password }, admin],
        ["/api/auth/admin/create-user", { email: uniqueEmail("made"), password, name: "x" }, admin],
      ] as const) {
        const response = await postJson(path, body, who);
        if (response.status < 400) accepted.push(`${path} ${password.slice(0, 20)} -> ${response.status}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await stillHasOldPassword(email)).toBe(true);
  });
});

describe("a changed password ends the other sessions", () => {
  it("on the change-password door, if it answers", async () => {
    const email = uniqueEmail("change-sessions");
    const other = await createSignedInAccount(server, email);
    const current = cookieFrom(await postSignInForm(server, { email, password: PASSWORD }));
    const changed = await postJson(
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "cobalt-meadow-lighthouse-8", revokeOtherSessions: false },
      current,
    );
    if (changed.status === 404) return;
    expect(changed.status).toBe(200);
    expect(await isSignedIn(server, other)).toBe(false);
  });

  it("on the reset form: every session ends", async () => {
    const email = uniqueEmail("reset-sessions");
    const first = await createSignedInAccount(server, email);
    const second = cookieFrom(await postSignInForm(server, { email, password: PASSWORD }));
    const token = await resetToken(email);
    const done = await fetch(`${server.url}/reset-password?token=${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({
        token,
        password: "cobalt-meadow-lighthouse-8",
        confirmPassword: "cobalt-meadow-lighthouse-8",
      }),
    });
    expect(done.status).toBe(302);
    expect(await isSignedIn(server, first)).toBe(false);
    expect(await isSignedIn(server, second)).toBe(false);
  });
});
