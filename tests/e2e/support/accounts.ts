import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { readDevMailbox } from "../../support/dev-mailbox";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const E2E_DATA_DIR = path.resolve(`.tmp/e2e-data-${E2E_PORT}`);
export const ADMIN_EMAIL = "admin@e2e.localshine.test";
export const TEAM_EMAIL = "team@e2e.localshine.test";
export const TEST_PASSWORD = "kiosk-sunrise-2026";

/**
 * A made-up client address for fixture traffic: the e2e server trusts one proxy hop (TRUST_PROXY=1), so
 * fixture sign-ups don't share the rate-limit buckets of the browser traffic from 127.0.0.1.
 */
export function fixtureIp() {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export function uniqueEmail(prefix = "owner") {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.localshine.test`;
}

/** The newest dev-mailbox email to `to` whose subject matches, waiting for its mail job to deliver it. */
export async function waitForEmail(to: string, subject: RegExp | string) {
  let found: Awaited<ReturnType<typeof readDevMailbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readDevMailbox(E2E_DATA_DIR);
        found = messages.find(
          (message) =>
            message.to.toLowerCase().includes(to.toLowerCase()) &&
            (typeof subject === "string" ? message.subject === subject : subject.test(message.subject)),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `email to ${to} (${String(subject)})` },
    )
    .toBe(true);
  return found!;
}

/**
 * Creates a confirmed account through the real flow (the sign-up form, confirmation email, link) and leaves
 * `request` signed in as it. Pass `context.request` to sign a browser context in.
 */
export async function createConfirmedAccount(
  request: APIRequestContext,
  { email = uniqueEmail(), password = TEST_PASSWORD }: { email?: string; password?: string } = {},
) {
  const ip = fixtureIp();
  const headers = { "X-Forwarded-For": ip, Origin: `http://localhost:${E2E_PORT}` };
  const signUp = await request.post("/signin", {
    form: { intent: "signup", email, password },
    headers,
    maxRedirects: 0,
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  // Taken, not refused (a refusal is a 200 too, with X-Form-Status: docs/decisions/071).
  expect(signUp.headers()["x-form-status"]).toBeUndefined();
  const mail = await waitForEmail(email, "Confirm your Local Shine account");
  const link = mail.links.find((url) => url.includes("/api/auth/verify-email"));
  expect(link).toBeTruthy();
  const verify = await request.get(link!, { headers, maxRedirects: 0 });
  expect([200, 302]).toContain(verify.status());
  return { email, password };
}

/** Signs `request` in as an existing account, through the sign-in form (with Remember me). */
export async function signInAs(request: APIRequestContext, email: string, password = TEST_PASSWORD) {
  const response = await request.post("/signin", {
    form: { intent: "signin", email, password, rememberMe: "on" },
    headers: { "X-Forwarded-For": fixtureIp(), Origin: `http://localhost:${E2E_PORT}` },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers()["location"]).not.toMatch(/^\/signin/);
}

/** Signs a browser context in as a brand-new owner. */
export async function signInNewOwner(context: BrowserContext) {
  return createConfirmedAccount(context.request);
}

/** Signs a browser context in as the e2e admin (created once by global setup). */
export async function signInAdmin(context: BrowserContext) {
  await signInAs(context.request, ADMIN_EMAIL);
}
