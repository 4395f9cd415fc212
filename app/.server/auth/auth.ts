import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import type { Database } from "../db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema";
import { adminEmails, type Env } from "../env";
import { enqueueEmail } from "../mail/outbox";
import { authLogging } from "./auth-logging";
import { weakPasswordReasons } from "./password-policy";
import { assertSameSiteReturnPaths } from "./return-path";

export interface AuthDeps {
  db: Database;
  env: Env;
  secret: string;
  /** Called after an email is queued so it goes out promptly. */
  onEmailQueued?: () => void;
}

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The Better Auth instance (DESIGN.md "accounts"): email + password, verified email, reset, admin role. */
export function createAuth({ db, env, secret, onEmailQueued }: AuthDeps) {
  const admins = new Set(adminEmails(env));
  const secure = env.NODE_ENV === "production" || env.APP_URL.startsWith("https://");

  async function queue(to: string, subject: string, text: string) {
    await enqueueEmail(db, { to, subject, text });
    onEmailQueued?.();
  }

  return betterAuth({
    appName: "Local Shine",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.APP_URL],
    telemetry: { enabled: false },
    ...authLogging(env),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await queue(
          user.email,
          "Reset your Local Shine password",
          `Someone asked to reset the password of your Local Shine account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it wasn't you, ignore this email: your password stays the same.`,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await queue(
          user.email,
          "Confirm your Local Shine account",
          `Welcome to Local Shine!\n\nConfirm your email address to finish creating your account:\n${url}\n\nIf you didn't sign up, you can ignore this email.`,
        );
      },
    },
    session: {
      expiresIn: THIRTY_DAYS,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 3 },
      },
    },
    advanced: {
      // Explicit: Better Auth would otherwise skip its Origin and callbackURL checks whenever TEST is set.
      disableOriginCheck: false,
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: ["x-local-shine-client-ip"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, role: admins.has(user.email.toLowerCase()) ? "admin" : "user" } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        assertSameSiteReturnPaths(ctx.query, ctx.body);
        if (ctx.path !== "/sign-up/email" && ctx.path !== "/reset-password") return;
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
        const password = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
        if (typeof password !== "string") return;
        const reasons = weakPasswordReasons(
          password,
          typeof body.email === "string" ? body.email : undefined,
        );
        if (reasons.length > 0) {
          throw new APIError("BAD_REQUEST", {
            message: `Weak password: ${reasons.join(" ")}`,
            code: "WEAK_PASSWORD",
          });
        }
      }),
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
