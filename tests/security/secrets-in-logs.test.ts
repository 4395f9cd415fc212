import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { AccountJourney } from "../support/account-journey";
import { startServer, type ServerProcess } from "../support/server-process";

// A whole account journey at the most verbose log level, then every log line is searched for every secret the
// client saw: session cookies (an admin's too), emailed tokens, passwords, AUTH_SECRET. None may appear; outside
// production, the dev mailbox's line (which shows the emailed link on purpose) is the one exception.
const AUTH_SECRET = randomBytes(32).toString("base64url");
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function runJourney(nodeEnv: "production" | "development") {
  const tag = nodeEnv.slice(0, 4);
  const owner = `log-owner-${tag}@example.com`;
  const admin = `log-admin-${tag}@example.com`;
  const server = await startServer({
    NODE_ENV: nodeEnv,
    AUTH_SECRET,
    LOG_LEVEL: "trace",
    TRUST_PROXY: "1",
    ADMIN_EMAILS: admin,
  });
  servers.push(server);
  const journey = new AccountJourney(server);
  journey.remember(AUTH_SECRET);
  const bearer = `Bearer ${randomBytes(24).toString("hex")}`;
  journey.remember(bearer.slice(7));

  const passwords = ["amber-lantern-5512", "copper-meadow-8830", "violet-harbor-2297"];
  let cookie = await journey.signUpAndConfirm(owner, passwords[0]);
  await journey.send("GET", "/dashboard", { cookie });
  await journey.signOut(cookie);
  await journey.send("POST", "/signin", {
    body: journey.form({ intent: "signin", email: owner, password: "wrong-password-1234" }),
  });
  cookie = await journey.signIn(owner, passwords[0], { rememberMe: "on", redirectTo: "/dashboard?tab=1" });
  await journey.send("GET", "/api/auth/get-session", { cookie, headers: { Authorization: bearer } });
  await journey.signOut(cookie);
  await journey.resetPassword(owner, passwords[1]);
  cookie = await journey.signIn(owner, passwords[1]);
  await journey.send("GET", "/dashboard", { cookie });
  await journey.signOut(cookie);

  let adminCookie = await journey.signUpAndConfirm(admin, passwords[2]);
  await journey.signOut(adminCookie);
  adminCookie = await journey.signIn(admin, passwords[2]);
  await journey.send("GET", "/admin", { cookie: adminCookie });

  // Requests that end in a refusal or an error page must not spill secrets either.
  await journey.send("OPTIONS", "/signin", { cookie: adminCookie });
  await journey.send("GET", "/no-such-page?token=abcdefgh12345678", { cookie: adminCookie });
  await journey.send("POST", "/signin", {
    cookie: adminCookie,
    headers: { Origin: "https://evil.example" },
    body: journey.form({ intent: "signin", email: admin, password: passwords[2] }),
  });
  // The closed JSON door, with a password in a malformed body: refused, and still nothing in the log.
  await journey.send("POST", "/api/auth/sign-in/email", {
    headers: { "Content-Type": "application/json" },
    body: `{"email":"${admin}","password":"${passwords[2]}"`,
  });
  await journey.send("GET", `/api/auth/verify-email?token=${randomBytes(20).toString("hex")}`);
  await journey.signOut(adminCookie);

  await new Promise((resolve) => setTimeout(resolve, 300));
  return { journey, lines: server.output().split("\n").filter(Boolean) };
}

interface LogRecord {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

function leaksIn(lines: string[], secrets: Set<string>) {
  const leaks: string[] = [];
  for (const line of lines) {
    for (const secret of secrets)
      if (line.includes(secret)) leaks.push(`${secret.slice(0, 12)}… in ${line.slice(0, 300)}`);
  }
  return leaks;
}

describe("secrets never reach the log", () => {
  it("in production: JSON lines, one per request, with no token, cookie, password or AUTH_SECRET", async () => {
    const { journey, lines } = await runJourney("production");
    expect(journey.secrets.size).toBeGreaterThan(15);
    expect(leaksIn(lines, journey.secrets)).toEqual([]);

    const records = lines.map((line) => {
      try {
        return JSON.parse(line) as LogRecord;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    for (const record of records) {
      expect(record).not.toHaveProperty("req.headers");
      expect(record).not.toHaveProperty("res.headers");
    }
    // The request lines: method, path without secrets, status, time and request id.
    const requestLines = records.filter((record) => typeof record.res?.statusCode === "number");
    for (const request of journey.requests) {
      const [method, rawPath] = request.split(" ");
      let path = rawPath;
      for (const secret of journey.secrets) path = path.replaceAll(secret, "[redacted]");
      const logged = requestLines.some(
        (line) => line.req?.method === method && line.req.url.split("?")[0] === path,
      );
      expect(logged, request).toBe(true);
    }
    for (const line of requestLines) {
      expect(line).toMatchObject({ reqId: expect.any(String), responseTime: expect.any(Number) });
      // A form page's refusal, answered 200, names its own status at the end (docs/decisions/071).
      const refused = / \(form refused: 4\d\d\)$/.exec(line.msg)?.[0] ?? "";
      expect(line.msg).toBe(
        `${line.req!.method} ${line.req!.url} ${line.res!.statusCode} ${line.msg.split(" ")[3]}${refused}`,
      );
      // Only the server's own failures are errors (level 50); refusals and OPTIONS are info or warn.
      if (line.res!.statusCode < 500) expect(line.level, JSON.stringify(line)).toBeLessThan(50);
    }
    // The wrong password: a warning that says what the form refused.
    expect(
      requestLines.some(
        (line) => /^POST \/signin 200 \d+ms \(form refused: 401\)$/.test(line.msg) && line.level === 40,
      ),
    ).toBe(true);
    const urls = requestLines.map((line) => line.req!.url);
    expect(urls).toContain("/reset-password?token=[redacted]");
    expect(urls).toContain("/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password");
    expect(records.some((record) => record.level === 50)).toBe(false);
    // The test server's APP_URL is a loopback address: start-up warns, once, that phones cannot follow its links.
    const appUrlWarnings = records.filter((record) => record.msg.startsWith("APP_URL is http://127.0.0.1:"));
    expect(appUrlWarnings).toHaveLength(1);
    expect(appUrlWarnings[0]!.level).toBe(40);
    expect(appUrlWarnings[0]!.msg).toContain("will not open on visitors' phones");
  });

  it("in development: one readable line per request, secrets only on the dev mailbox's link line", async () => {
    const { journey, lines } = await runJourney("development");
    const withoutMailbox = lines.filter((line) => !line.includes("dev mailbox"));
    expect(withoutMailbox.length).toBeLessThan(lines.length);
    expect(leaksIn(withoutMailbox, journey.secrets)).toEqual([]);
    for (const line of lines) expect(line.startsWith("{"), line).toBe(false);
    expect(lines.some((line) => /\bPOST \/signin 302\b.*\d+ ?ms/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes("GET /reset-password?token=[redacted] 200"))).toBe(true);
    // The mailbox line shows the link a developer needs to click.
    expect(
      lines.some((line) => line.includes("dev mailbox") && line.includes("/api/auth/verify-email?token=")),
    ).toBe(true);
  });
});
