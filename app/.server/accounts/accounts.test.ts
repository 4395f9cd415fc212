import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, users } from "../infra/db/schema";
import { RATE_LIMIT_MESSAGE } from "../infra/rate-limit";
import { createTestServices } from "../../../tests/support/test-services";
import { requestPasswordReset, signIn, signUp, UNVERIFIED_MESSAGE } from "./accounts";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

function caller(ip: string) {
  return { headers: new Headers(), clientIp: ip };
}

describe("accounts", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices({ ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(async () => {
    await services.close();
  });

  it("signs up an unconfirmed account that cannot sign in until it confirms", async () => {
    const created = await signUp(services, caller("10.0.0.1"), {
      email: "Owner@Example.com",
      password: "sunny-valley-42",
    });
    expect(created.ok).toBe(true);
    const [row] = await services.db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(row.emailVerified).toBe(false);
    expect(row.role).toBe("user");
    const mails = await services.db.select().from(outbox).where(eq(outbox.toAddress, "owner@example.com"));
    expect(mails[0].subject).toBe("Confirm your Local Shine account");
    expect(mails[0].textBody).toMatch(/\/api\/auth\/verify-email\?token=/);

    const attempt = await signIn(services, caller("10.0.0.1"), {
      email: "owner@example.com",
      password: "sunny-valley-42",
      rememberMe: false,
    });
    expect(attempt).toEqual({ ok: false, status: 403, message: UNVERIFIED_MESSAGE, field: "email" });

    await services.db.update(users).set({ emailVerified: true }).where(eq(users.id, row.id));
    const ok = await signIn(services, caller("10.0.0.1"), {
      email: "owner@example.com",
      password: "sunny-valley-42",
      rememberMe: true,
    });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.cookies.join(";")).toMatch(/session_token=/);
  });

  it("rejects weak passwords with every reason", async () => {
    const common = await signUp(services, caller("10.0.0.2"), {
      email: "weak@example.com",
      password: "password",
    });
    expect(common.ok).toBe(false);
    if (!common.ok) expect(common.message).toContain("Password is too common.");
    const same = await signUp(services, caller("10.0.0.2"), {
      email: "sam@example.com",
      password: "sam@example.com",
    });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.message).toContain("Password must not be the same as your email.");
  });

  it("makes ADMIN_EMAILS accounts admins from creation", async () => {
    await signUp(services, caller("10.0.0.3"), { email: "boss@example.com", password: "lantern-orchard-9" });
    const [row] = await services.db.select().from(users).where(eq(users.email, "boss@example.com"));
    expect(row.role).toBe("admin");
  });

  it("refuses the sixth rapid wrong password from one IP", async () => {
    const ip = "10.0.0.66";
    for (let i = 0; i < 5; i++) {
      const result = await signIn(services, caller(ip), {
        email: `nobody${i}@example.com`,
        password: "wrong-pass",
        rememberMe: false,
      });
      expect(result).toMatchObject({ ok: false, status: 401 });
    }
    const sixth = await signIn(services, caller(ip), {
      email: "owner@example.com",
      password: "sunny-valley-42",
      rememberMe: false,
    });
    expect(sixth).toEqual({ ok: false, status: 429, message: RATE_LIMIT_MESSAGE });
    // Another IP is not affected.
    const other = await signIn(services, caller("10.0.0.67"), {
      email: "owner@example.com",
      password: "sunny-valley-42",
      rememberMe: false,
    });
    expect(other.ok).toBe(true);
  });

  it("answers a reset request identically for known and unknown emails, emailing only the known one", async () => {
    const known = await requestPasswordReset(services, caller("10.0.0.4"), { email: "owner@example.com" });
    const unknown = await requestPasswordReset(services, caller("10.0.0.4"), { email: "ghost@example.com" });
    expect(known).toEqual(unknown);
    const toKnown = await services.db.select().from(outbox).where(eq(outbox.toAddress, "owner@example.com"));
    expect(toKnown.some((mail) => mail.subject === "Reset your Local Shine password")).toBe(true);
    const toGhost = await services.db.select().from(outbox).where(eq(outbox.toAddress, "ghost@example.com"));
    expect(toGhost).toHaveLength(0);
  });
});
