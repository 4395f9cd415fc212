import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import type { Database } from "../infra/db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../infra/db/schema";
import { adminEmails, type Env } from "../infra/config/env";
import { enqueueEmail } from "../infra/mail/outbox";
import { hitRateLimit } from "../infra/rate-limit";
import { createAuthHooks } from "./auth-hooks";
import { CLIENT_IP_HEADER } from "./client-ip";
import { PASSWORD_MAX_LENGTH } from "~/lib/password-policy";
import { clearSignInDelay } from "./sign-in-guard";
import { authLogging } from "./auth-logging";

export interface AuthDeps {
  db: Database;
  env: Env;
  secret: string;
  /** Called after an email is queued so it goes out promptly. */
  onEmailQueued?: () => void;
}

const THIRTY_DAYS = 60 * 60 * 24 * 30;

// Confirmation emails per account, whatever asked for them (sign-up, a sign-in while unconfirmed, a resend):
// one per five minutes and five a day, so an address typed by someone else is not flooded.
const CONFIRMATIONS_PER_ACCOUNT = [
  { key: "confirm-mail:account", rule: { window: 5 * 60, max: 1 } },
  { key: "confirm-mail:account-day", rule: { window: 24 * 60 * 60, max: 5 } },
];

/** The Better Auth instance (docs/architecture.md#the-shape): email + password, verified email, reset, admin role. */
export function createAuth({ db, env, secret, onEmailQueued }: AuthDeps) {
  const admins = new Set(adminEmails(env));
  const secure = env.NODE_ENV === "production" || env.APP_URL.startsWith("https://");

  async function queue(to: string, subject: string, text: string) {
    await enqueueEmail(db, { to, subject, text });
    onEmailQueued?.();
  }

  async function mayConfirm(userId: string) {
    for (const { key, rule } of CONFIRMATIONS_PER_ACCOUNT) {
      if (!(await hitRateLimit(db, `${key}:${userId}`, rule)).allowed) return false;
    }
    return true;
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
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // The owner proved they hold the mailbox: a delay built up by someone guessing no longer applies.
      async onPasswordReset({ user }) {
        await clearSignInDelay(db, user.email);
      },
      // What sign-up answers for an email that already has an account: the same user shape a new account gets
      // (Better Auth's default leaves `role` null there, which told the two apart).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: admins.has(coreFields.email) ? "admin" : "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
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
      // A sign-in while unconfirmed asks for a resend itself (accounts.ts), through the limits below.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        if (!(await mayConfirm(user.id))) return;
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
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
    hooks: createAuthHooks({ db, secret, secure }),
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
