import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieFrom,
  createSignedInAccount,
  formStatus,
  PASSWORD,
  postSignInForm,
  randomIp,
  uniqueEmail,
} from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Password guessing as an attacker would try it: many guesses, spread over IPs (X-Forwarded-For is trusted,
// TRUST_PROXY=1), over every door that signs in. One lock holds them all: a growing delay per account
// (docs/security.md "Password guessing"), and it must not let the attacker lock the owner out.

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

function apiSignIn(email: string, password: string, ip = randomIp()) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": ip },
    body: JSON.stringify({ email, password }),
  });
}

/** Whether a response signed someone in (a session cookie was set). */
function signedIn(response: Response) {
  return response.headers.getSetCookie().some((value) => /session_token=[^;]/.test(value));
}

/** 24 wrong guesses for `email` from four IPs, on the form. Returns how many were evaluated (refused with 401). */
async function guessOnForm(email: string) {
  const ips = [randomIp(), randomIp(), randomIp(), randomIp()];
  let evaluated = 0;
  for (let i = 0; i < 24; i++) {
    const response = await postSignInForm(
      server,
      { email, password: `wrong-guess-${i}` },
      { ip: ips[i % 4] },
    );
    if (formStatus(response) === 401) evaluated++;
    else expect(response.status, `guess ${i}`).toBe(429);
  }
  return evaluated;
}

describe("password guessing", () => {
  it("evaluates only a few guesses per account however many IPs they come from", async () => {
    const email = uniqueEmail("guessed");
    await createSignedInAccount(server, email);
    expect(await guessOnForm(email)).toBeLessThanOrEqual(6);
  });

  it("refuses the right password on every door while the account is delayed", async () => {
    const email = uniqueEmail("delayed");
    await createSignedInAccount(server, email);
    await guessOnForm(email);
    const form = await postSignInForm(server, { email, password: PASSWORD });
    expect(form.status).toBe(429);
    expect(signedIn(form)).toBe(false);
    expect(await form.text()).toMatch(/Too many attempts/);
    const api = await apiSignIn(email, PASSWORD);
    expect(signedIn(api)).toBe(false);
    expect([404, 429]).toContain(api.status);
  });

  it("counts guesses on the JSON door against the same account", async () => {
    const email = uniqueEmail("api-guessed");
    await createSignedInAccount(server, email);
    let evaluated = 0;
    for (let i = 0; i < 24; i++) {
      const response = await apiSignIn(email, `wrong-guess-${i}`);
      if (response.status === 401) evaluated++;
      else expect([404, 429]).toContain(response.status);
    }
    expect(evaluated).toBeLessThanOrEqual(6);
    const form = await postSignInForm(server, { email, password: PASSWORD });
    // Either the JSON door is closed (no guess counted: the owner signs in) or the form is delayed too.
    expect([302, 429]).toContain(form.status);
  });

  it("refuses a burst of parallel guesses beyond the allowance", async () => {
    const email = uniqueEmail("burst");
    await createSignedInAccount(server, email);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postSignInForm(server, { email, password: `burst-${i}` })),
    ).then((responses) => responses.map(formStatus));
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(6);
  });

  it("still lets the owner in from a browser that signed in before", async () => {
    const email = uniqueEmail("owner-device");
    await createSignedInAccount(server, email);
    const first = await postSignInForm(server, { email, password: PASSWORD });
    expect(first.status).toBe(302);
    const device = cookieFrom(first)
      .split("; ")
      .filter((pair) => !pair.includes("session_token") && !pair.startsWith("flash"))
      .join("; ");
    expect(device).not.toBe("");
    await guessOnForm(email);
    // A stranger with the right password waits; the owner's browser goes in.
    expect((await postSignInForm(server, { email, password: PASSWORD })).status).toBe(429);
    const owner = await postSignInForm(server, { email, password: PASSWORD }, { cookie: device });
    expect(owner.status).toBe(302);
    expect(signedIn(owner)).toBe(true);
  });

  it("does not accept a device cookie made up or taken from another account", async () => {
    const victim = uniqueEmail("victim");
    const other = uniqueEmail("other");
    await createSignedInAccount(server, victim);
    await createSignedInAccount(server, other);
    const otherDevice = cookieFrom(await postSignInForm(server, { email: other, password: PASSWORD }))
      .split("; ")
      .filter((pair) => !pair.includes("session_token") && !pair.startsWith("flash"));
    await guessOnForm(victim);
    const forged = otherDevice.map((pair) => pair.replace(/=.*/, "=x.y"));
    for (const cookie of [otherDevice.join("; "), forged.join("; ")]) {
      const response = await postSignInForm(server, { email: victim, password: PASSWORD }, { cookie });
      expect(response.status, cookie).toBe(429);
    }
  });
});
