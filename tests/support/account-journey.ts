import { readDevMailbox } from "./dev-mailbox";
import { randomIp } from "./http-accounts";
import type { ServerProcess } from "./server-process";

/**
 * A person's whole account journey over HTTP, as the browser makes it (sign up, confirm by the emailed link,
 * sign in and out, forget and reset the password, the JSON auth API, an admin's sign-in), recording every secret
 * the client saw on the way: passwords, emailed tokens and each cookie value. tests/security/secrets-in-logs.test.ts
 * then looks for each of them in the server's log.
 */
export class AccountJourney {
  /** Every secret value seen, for the log check. */
  readonly secrets = new Set<string>();
  /** Requests made, as "METHOD /path" (for checking that each got a log line). */
  readonly requests: string[] = [];
  private readonly ip = randomIp();

  constructor(private readonly server: ServerProcess) {}

  /** Remembers a secret together with the forms it may take in a URL or a cookie. */
  remember(value: string | null | undefined) {
    if (!value || value.length < 8) return;
    for (const form of [value, safeDecode(value), encodeURIComponent(value)]) this.secrets.add(form);
    // A signed cookie value is `token.signature`: each half is a secret on its own.
    for (const part of safeDecode(value).split(".")) if (part.length >= 16) this.secrets.add(part);
  }

  async send(
    method: string,
    path: string,
    init: { cookie?: string; body?: BodyInit; headers?: HeadersInit } = {},
  ) {
    this.requests.push(`${method} ${new URL(path, this.server.url).pathname}`);
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.ip);
    if (init.cookie) headers.set("Cookie", init.cookie);
    const response = await fetch(new URL(path, this.server.url), {
      method,
      body: init.body,
      headers,
      redirect: "manual",
    });
    for (const setCookie of response.headers.getSetCookie())
      this.remember(setCookie.split(";")[0].split("=")[1]);
    await response.arrayBuffer();
    return response;
  }

  /** The session cookie a response set, as a Cookie header value. */
  static sessionCookie(response: Response): string {
    const pair = response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .find((value) => /session_token=./.test(value));
    if (!pair) throw new Error(`no session cookie (status ${response.status})`);
    return pair;
  }

  async waitForLink(to: string, pathPart: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = (await readDevMailbox(this.server.dataDir)).find((message) => message.to.includes(to));
      const link = mail?.links.find((url) => url.includes(pathPart));
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no email to ${to} with ${pathPart}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  form(fields: Record<string, string>) {
    return new URLSearchParams(fields);
  }

  /** Signs up through /signin, confirms through the emailed link; returns the session cookie it gave. */
  async signUpAndConfirm(email: string, password: string): Promise<string> {
    this.remember(password);
    await this.send("GET", "/signin?mode=signup");
    const created = await this.send("POST", "/signin?mode=signup", {
      body: this.form({ intent: "signup", email, password }),
    });
    // A refusal is a 200 too, with its status in X-Form-Status (docs/decisions/071).
    const refused = created.headers.get("x-form-status");
    if (created.status !== 200 || refused) throw new Error(`sign-up: ${refused ?? created.status}`);
    const link = await this.waitForLink(email, "/api/auth/verify-email");
    this.remember(new URL(link).searchParams.get("token"));
    const verified = await this.send("GET", link);
    return AccountJourney.sessionCookie(verified);
  }

  async signIn(email: string, password: string, extra: Record<string, string> = {}): Promise<string> {
    const response = await this.send("POST", "/signin", {
      body: this.form({ intent: "signin", email, password, ...extra }),
    });
    if (response.status !== 302) throw new Error(`sign-in: ${response.status}`);
    return AccountJourney.sessionCookie(response);
  }

  async signOut(cookie: string) {
    const response = await this.send("POST", "/signout", { cookie });
    if (response.status !== 302) throw new Error(`sign-out: ${response.status}`);
  }

  /** Forgot password → emailed link → reset page → new password. */
  async resetPassword(email: string, newPassword: string) {
    this.remember(newPassword);
    await this.send("POST", "/forgot-password", { body: this.form({ email }) });
    const link = await this.waitForLink(email, "/api/auth/reset-password/");
    this.remember(new URL(link).pathname.split("/").pop());
    const toPage = await this.send("GET", link);
    const page = new URL(toPage.headers.get("location") ?? "", this.server.url);
    const token = page.searchParams.get("token");
    if (!token) throw new Error(`reset link went to ${page.href}`);
    this.remember(token);
    await this.send("GET", `${page.pathname}${page.search}`);
    await this.send("GET", `/reset-password.data?token=${encodeURIComponent(token)}`);
    const reset = await this.send("POST", `/reset-password?token=${encodeURIComponent(token)}`, {
      body: this.form({ token, password: newPassword, confirmPassword: newPassword }),
    });
    if (reset.status !== 302) throw new Error(`reset: ${reset.status}`);
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
