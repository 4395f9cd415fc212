import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../accounts/accounts";
import { outbox, rateLimits, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { withClientIp } from "./client-ip";

// The rules live in Better Auth's hooks, so they hold for a direct `auth.api` call too: the door any endpoint
// opened at /api/auth later would use. (Over HTTP those endpoints answer 404: tests/security/auth-endpoints.)

type TestServices = Awaited<ReturnType<typeof createTestServices>>;
let services: TestServices;
const PASSWORD = "willow-canyon-beacon-5";
const ADMIN = "boss@example.com";
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const headers = (cookie = "") => withClientIp(new Headers(cookie ? { cookie } : {}), nextIp());

beforeAll(async () => {
  services = await createTestServices({ ADMIN_EMAILS: ADMIN });
});
afterAll(async () => {
  await services.close();
});

async function confirmedAccount(email: string) {
  await services.auth.api.signUpEmail({
    body: { email, password: PASSWORD, name: "Owner" },
    headers: headers(),
  });
  await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
}

async function sessionCookie(email: string, password = PASSWORD) {
  const result = await signIn(
    services,
    { headers: new Headers(), clientIp: nextIp() },
    {
      email,
      password,
      rememberMe: false,
    },
  );
  if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
  return result.cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

async function statusOf(call: Promise<unknown>) {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? 500;
  }
}

describe("Better Auth hooks", () => {
  it("refuses weak passwords on change-password and the admin's set-user-password", async () => {
    await confirmedAccount("changer@example.com");
    await confirmedAccount(ADMIN);
    const cookie = await sessionCookie("changer@example.com");
    const admin = await sessionCookie(ADMIN);
    const [user] = await services.db.select().from(users).where(eq(users.email, "changer@example.com"));
    for (const weak of ["password", "aaaaaaaa", "changer@example.com", "changer2024", "kiosk123"]) {
      const change = services.auth.api.changePassword({
        body: { currentPassword: PASSWORD, newPassword: weak },
        headers: headers(cookie),
      });
      expect(await statusOf(change), weak).toBe(400);
      const set = services.auth.api.setUserPassword({
        body: { userId: user.id, newPassword: weak },
        headers: headers(admin),
      });
      expect(await statusOf(set), weak).toBe(400);
    }
  });

  it("ends the other sessions on a password change, even when asked not to", async () => {
    await confirmedAccount("two-sessions@example.com");
    const first = await sessionCookie("two-sessions@example.com");
    const second = await sessionCookie("two-sessions@example.com");
    await services.auth.api.changePassword({
      body: {
        currentPassword: PASSWORD,
        newPassword: "saffron-glacier-lantern-3",
        revokeOtherSessions: false,
      },
      headers: headers(second),
    });
    expect(await services.auth.api.getSession({ headers: headers(first) })).toBeNull();
  });

  it("lets update-user change only a short name or an image URL", async () => {
    await confirmedAccount("profile@example.com");
    const cookie = await sessionCookie("profile@example.com");
    const update = (body: Record<string, unknown>) =>
      statusOf(services.auth.api.updateUser({ body, headers: headers(cookie) }));
    for (const body of [
      { name: "x".repeat(200_000) },
      { name: "x".repeat(101) },
      { name: { first: "Ana" } },
      { name: ["Ana"] },
      { name: 42 },
      { name: "Ana\u0000" },
      { name: "   " },
      { role: "admin" },
      { name: "Ana", emailVerified: true },
      { image: "javascript:alert(1)" },
      { image: { url: "https://example.com/a.png" } },
    ]) {
      expect(await update(body), JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await update({ name: "Ana Lopez", image: "https://example.com/a.png" })).toBe(200);
    const [row] = await services.db.select().from(users).where(eq(users.email, "profile@example.com"));
    expect(row).toMatchObject({ name: "Ana Lopez", role: "user" });
  });

  it("answers sign-up for a taken email with the same user shape as for a new one", async () => {
    await confirmedAccount("taken@example.com");
    const shape = async (email: string) => {
      const { user } = await services.auth.api.signUpEmail({
        body: { email, password: PASSWORD, name: "Owner" },
        headers: headers(),
      });
      const { id, email: _email, createdAt, updatedAt, ...rest } = user as Record<string, unknown>;
      return { ...rest, id: typeof id, createdAt: typeof createdAt, updatedAt: typeof updatedAt };
    };
    expect(await shape("taken@example.com")).toEqual(await shape("brand-new@example.com"));
  });

  it("counts wrong passwords on a direct call and on the form against one allowance", async () => {
    await confirmedAccount("guessed@example.com");
    for (let i = 0; i < 5; i++) {
      const guess = services.auth.api.signInEmail({
        body: { email: "guessed@example.com", password: `wrong-${i}` },
        headers: headers(),
      });
      expect(await statusOf(guess)).toBe(401);
    }
    const form = await signIn(
      services,
      { headers: new Headers(), clientIp: nextIp() },
      {
        email: "guessed@example.com",
        password: PASSWORD,
        rememberMe: false,
      },
    );
    expect(form).toMatchObject({ ok: false, status: 429 });
  });

  it("sends at most ten confirmation emails a client IP asks for in an hour", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `unconfirmed-${i}@example.com`);
    for (const email of emails) {
      await services.auth.api.signUpEmail({
        body: { email, password: PASSWORD, name: "x" },
        headers: headers(),
      });
    }
    // Their per-account allowance is spent by the sign-up email; start it over so only the IP limit applies.
    await services.db.delete(rateLimits).where(like(rateLimits.key, "confirm-mail:account%"));
    const before = (await services.db.select().from(outbox)).length;
    const sameIp = withClientIp(new Headers(), "10.77.0.1");
    for (const email of emails) {
      await statusOf(services.auth.api.sendVerificationEmail({ body: { email }, headers: sameIp }));
    }
    expect((await services.db.select().from(outbox)).length - before).toBe(10);
  });
});
