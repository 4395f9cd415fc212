import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formStatus, mailTo, postSignInForm, randomIp, uniqueEmail } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// "Send the link again" (the sign-in page's `intent=resend`): a new door that sends email. It must not tell
// whether an address has an account, nor let anyone flood a mailbox (docs/security.md "Mail flooding").

let server: ServerProcess;
const PASSWORD = "harbor-quilt-meadow-51";

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

function resend(email: string, ip: string, path = "/signin") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "resend", email }),
    headers: { Origin: server.url, "X-Forwarded-For": ip },
    redirect: "manual",
  });
}

async function settledCount(email: string) {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const count = (await mailTo(server, email)).length;
    if (count === last) return count;
    last = count;
  }
}

describe("send the confirmation link again", () => {
  it("answers an unconfirmed, a confirmed-looking and an unknown address the same way", async () => {
    const waiting = uniqueEmail("waiting");
    expect(
      formStatus(await postSignInForm(server, { intent: "signup", email: waiting, password: PASSWORD })),
    ).toBe(200);
    const answers: { status: number; body: string }[] = [];
    for (const email of [waiting, uniqueEmail("nobody")]) {
      for (const path of ["/signin", "/signin.data"]) {
        const response = await resend(email, randomIp(), path);
        // The page's per-response nonce is the only part allowed to differ.
        const body = (await response.text()).replaceAll(/nonce="[^"]*"|"nonce":"[^"]*"/g, "NONCE");
        answers.push({ status: response.status, body });
      }
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[3]);
    expect(answers[0]!.status).toBe(200);
  });

  it("is limited per IP, and sends a mailbox at most one more email however often it is asked", async () => {
    const victim = uniqueEmail("resend-victim");
    await postSignInForm(server, { intent: "signup", email: victim, password: PASSWORD });
    const oneIp = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await resend(victim, oneIp)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // From many addresses: still bounded per account.
    for (let i = 0; i < 10; i++) expect((await resend(victim, randomIp())).status).toBe(200);
    expect(await settledCount(victim)).toBeLessThanOrEqual(2);
  });

  it("refuses a malformed address with a 4xx and sends nothing", async () => {
    // The form page's answer: 200 with the refusal's 400 in X-Form-Status (docs/decisions/071).
    const response = await resend("not-an-email", randomIp());
    expect(formStatus(response)).toBe(400);
    const injected = await resend("a@example.com\r\nBcc: x@example.com", randomIp());
    expect(formStatus(injected)).toBe(400);
  });
});
