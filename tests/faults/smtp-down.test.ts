import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { cookieFrom, randomIp } from "../support/http-accounts";
import {
  createPostgresDatabase,
  freePort,
  skipWithoutPostgres,
  startServer,
  type ServerProcess,
} from "../support/server-process";
import { createSmtpServer } from "../support/smtp";

let server: ServerProcess | undefined;
let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
const smtp = createSmtpServer();
afterAll(async () => {
  await server?.stop("SIGKILL");
  await smtp.close().catch(() => {});
  await database?.drop();
});

describe("SMTP down while visitors submit", () => {
  it("stores every submission, then delivers each email exactly once when SMTP is back", async (ctx) => {
    database = await createPostgresDatabase();
    skipWithoutPostgres(
      ctx,
      Boolean(database),
      "the admin is made with the CLI, which needs a shared database",
    );
    const smtpPort = await freePort(); // nothing listens here yet: SMTP is down
    const env = {
      DATABASE_URL: database!.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TEAM_EMAIL: "team@example.com",
      TRUST_PROXY: "1",
      AUTH_SECRET: "smtp-down-test-secret-0123456789abcdef",
    };
    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "cli/index.ts", "user:create", "--email", "boss@example.com", "--admin"],
      {
        // The password piped in, twice (the CLI refuses one on the command line).
        input: "lantern-orchard-9\nlantern-orchard-9\n",
        env: { ...process.env, ...env, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    expect(created.status, created.stderr).toBe(0);
    server = await startServer(env);

    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${server!.url}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: server!.url, "X-Forwarded-For": randomIp() },
        redirect: "manual",
      });
    for (let i = 0; i < 3; i++) {
      const response = await post("/stories/submit.data", {
        firstName: "Ana",
        lastName: `Story${i}`,
        email: `ana${i}@example.com`,
        story: `Our kiosk story number ${i}, long enough.`,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-form-status")).toBeNull();
    }
    for (let i = 0; i < 2; i++) {
      const response = await post("/submit-business.data", {
        businessName: `Down Time Diner ${i}`,
        phoneNumber: "(818) 555-0100",
        website: "",
        address: "",
      });
      expect(response.status).toBeLessThan(400);
      // Taken, not refused (a refusal is a 200 too, with X-Form-Status: docs/decisions/071).
      expect(response.headers.get("x-form-status")).toBeNull();
    }

    // Everything is stored (the admin inbox lists it) while nothing could be sent.
    const signIn = await post("/signin", {
      intent: "signin",
      email: "boss@example.com",
      password: "lantern-orchard-9",
      redirectTo: "/admin/inbox",
    });
    const inbox = await (
      await fetch(`${server.url}/admin/inbox`, { headers: { Cookie: cookieFrom(signIn) } })
    ).text();
    for (const text of ["Story0", "Story1", "Story2", "Down Time Diner 0", "Down Time Diner 1"])
      expect(inbox).toContain(text);
    expect(smtp.received).toHaveLength(0);

    // SMTP comes back: the outbox retries (backoff 2 s, 4 s, …) and each email arrives once.
    await smtp.listen(smtpPort);
    await expect.poll(() => smtp.received.length, { timeout: 45_000, interval: 500 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(smtp.received).toHaveLength(5);
    expect(smtp.received.every((mail) => mail.to.includes("team@example.com"))).toBe(true);
  });
});
