import { randomBytes } from "node:crypto";
import { readDevMailbox } from "~/.server/mail/transport";
import type { ServerProcess } from "./server-process";

export const PASSWORD = "quiet-orchard-4410";

export function randomIp() {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
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
 * Signs up through the real endpoint, follows the confirmation link from the dev mailbox and returns the
 * session cookie (the server must run with TRUST_PROXY=1 so X-Forwarded-For gives each account its own IP).
 */
export async function createSignedInAccount(server: ServerProcess, email: string): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": randomIp(), Origin: server.url };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: email.split("@")[0], callbackURL: "/dashboard" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readDevMailbox(server.dataDir)).find((message) => message.to.includes(email));
    const link = mail?.links.find((url) => url.includes("/api/auth/verify-email"));
    if (link) {
      const verified = await fetch(link, {
        redirect: "manual",
        headers: { "X-Forwarded-For": headers["X-Forwarded-For"] },
      });
      const cookie = cookieFrom(verified);
      if (!cookie.includes("session_token")) throw new Error("verification did not sign in");
      return cookie;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
