import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formStatus, mailTo, postSignInForm, randomIp, uniqueEmail } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Someone signs up with a victim's address and then pokes every door that sends a confirmation email, from one IP
// and from many. The victim gets a few emails, not one per request (docs/security.md "Mail flooding").

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

const PASSWORD = "harbor-quilt-meadow-51";

/** How many emails the addresses got in all, once the outbox has gone quiet. */
async function settledCount(...emails: string[]) {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let count = 0;
    for (const email of emails) count += (await mailTo(server, email)).length;
    if (count === last) return count;
    last = count;
  }
}

function postJson(path: string, body: unknown, ip: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });
}

describe("confirmation emails", () => {
  it("30 sign-ins of an unconfirmed account, from one IP or many, send at most one more email", async () => {
    const victim = uniqueEmail("victim");
    const signUp = await postSignInForm(server, { intent: "signup", email: victim, password: PASSWORD });
    expect(formStatus(signUp)).toBe(200);
    const oneIp = randomIp();
    for (let i = 0; i < 30; i++) {
      const response = await postSignInForm(
        server,
        { email: victim, password: PASSWORD },
        { ip: i < 15 ? oneIp : randomIp() },
      );
      // The sign-in page's answer for an unconfirmed account, or a plain refusal once the IP is over its limit.
      expect([403, 429]).toContain(formStatus(response));
      if (formStatus(response) === 403)
        expect(await response.text()).toContain("Please confirm your email address");
    }
    expect(await settledCount(victim)).toBeLessThanOrEqual(2);
  });

  it("the JSON doors (if open) do not send more either", async () => {
    const victim = uniqueEmail("victim-json");
    await postSignInForm(server, { intent: "signup", email: victim, password: PASSWORD });
    for (let i = 0; i < 15; i++) {
      await postJson("/api/auth/sign-in/email", { email: victim, password: PASSWORD }, randomIp());
      await postJson("/api/auth/send-verification-email", { email: victim }, randomIp());
      await postJson("/api/auth/sign-up/email", { email: victim, password: PASSWORD, name: "x" }, randomIp());
    }
    expect(await settledCount(victim)).toBeLessThanOrEqual(2);
  });

  it("one IP cannot spread a flood over many addresses", async () => {
    const ip = randomIp();
    const victims = Array.from({ length: 12 }, (_, i) => uniqueEmail(`spread-${i}`));
    let created = 0;
    for (const email of victims) {
      const response = await postSignInForm(server, { intent: "signup", email, password: PASSWORD }, { ip });
      if (formStatus(response) === 200) created++;
      for (let i = 0; i < 2; i++) await postSignInForm(server, { email, password: PASSWORD }, { ip });
    }
    expect(created).toBeLessThanOrEqual(10);
    expect(await settledCount(...victims)).toBeLessThanOrEqual(12);
  });
});
