import { expect } from "vitest";
import { randomBytes } from "node:crypto";
import { readDevMailbox } from "./dev-mailbox";
import type { ServerProcess } from "./server-process";

export const PASSWORD = "quiet-orchard-4410";

export function randomIp() {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * The status a form page's answer stands for. A refused post to a form page (sign-in, forgot and reset password,
 * Contact, Join Our Network) is answered 200, the page with its messages, and the refusal's status in
 * `X-Form-Status` (docs/decisions/071); too many attempts (429) and any other answer keep their status.
 */
export function formStatus(response: Response): number {
  const refused = response.headers.get("x-form-status");
  if (refused === null) return response.status;
  expect(response.status, "a refused form is answered 200").toBe(200);
  return Number(refused);
}

/** A POST of the site's own /signin form, as a browser without JavaScript sends it (manual redirects). */
export function postSignInForm(
  server: ServerProcess,
  fields: { intent?: "signin" | "signup"; email: string; password: string; rememberMe?: boolean },
  { ip = randomIp(), cookie }: { ip?: string; cookie?: string } = {},
) {
  const body = new URLSearchParams({
    intent: fields.intent ?? "signin",
    email: fields.email,
    password: fields.password,
  });
  if (fields.rememberMe) body.set("rememberMe", "on");
  return fetch(`${server.url}/signin`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Every dev-mailbox message to `email` (newest first). */
export async function mailTo(server: ServerProcess, email: string) {
  return (await readDevMailbox(server.dataDir)).filter((message) => message.to.includes(email));
}

/** The first link in the newest email to `email` that contains `part`, waiting for the outbox to deliver it. */
export async function waitForLink(server: ServerProcess, email: string, part: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const mail of await mailTo(server, email)) {
      const link = mail.links.find((url) => url.includes(part));
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${email} with a ${part} link`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs up through the site's form, follows the confirmation link from the dev mailbox and returns the session
 * cookie (the server must run with TRUST_PROXY=1 so X-Forwarded-For gives each account its own IP).
 */
export async function createSignedInAccount(
  server: ServerProcess,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const ip = randomIp();
  const signUp = await postSignInForm(server, { intent: "signup", email, password }, { ip });
  if (formStatus(signUp) !== 200) throw new Error(`sign-up failed: ${formStatus(signUp)}`);
  const link = await waitForLink(server, email, "/api/auth/verify-email");
  const verified = await fetch(link, { redirect: "manual", headers: { "X-Forwarded-For": ip } });
  const cookie = cookieFrom(verified);
  if (!cookie.includes("session_token")) throw new Error("verification did not sign in");
  return cookie;
}

/** Whether `cookie` still holds a live session (the dashboard answers instead of redirecting to /signin). */
export async function isSignedIn(server: ServerProcess, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/dashboard`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return response.status === 200;
}
