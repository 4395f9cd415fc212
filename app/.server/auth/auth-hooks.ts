import type { HookEndpointContext } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { z } from "~/lib/zod";
import type { Database } from "../infra/db/client";
import { hitRateLimit } from "../infra/rate-limit";
import { clientIpFrom } from "./client-ip";
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE, knownDeviceId, knownDeviceToken } from "./known-device";
import { changePasswordBody, refuseWeakPassword } from "./password-guard";
import { assertSameSiteReturnPaths } from "./return-path";
import { admitSignIn, passwordWasRight, type SignInAttempt } from "./sign-in-guard";

/**
 * Better Auth's before/after hooks: the rules every endpoint obeys whoever calls it (the site's forms through
 * `auth.api`, or HTTP). docs/security.md lists them.
 */

// Confirmation emails a client IP may ask for in an hour (each account has its own limit too: auth.ts).
const CONFIRMATIONS_PER_IP = { window: 60 * 60, max: 10 };

// update-user takes these fields only; anything else (objects, arrays, huge strings, other keys) is a 400.
const UpdateUserBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]*$/u)
    .optional(),
  image: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .optional(),
});

interface HookDeps {
  db: Database;
  secret: string;
  secure: boolean;
}

function signInAttempt(ctx: HookEndpointContext, secret: string): SignInAttempt | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return null;
  const normalized = email.trim().toLowerCase();
  const device = ctx.getCookie?.(KNOWN_DEVICE_COOKIE);
  return {
    email: normalized,
    ip: clientIpFrom(ctx.headers),
    deviceId: knownDeviceId(secret, normalized, device),
  };
}

export function createAuthHooks({ db, secret, secure }: HookDeps) {
  const before = createAuthMiddleware(async (ctx) => {
    assertSameSiteReturnPaths(ctx.query, ctx.body);
    if (ctx.path === "/sign-in/email") {
      const attempt = signInAttempt(ctx, secret);
      if (attempt) await admitSignIn(db, attempt);
    }
    if (ctx.path === "/send-verification-email") {
      const key = `confirm-mail:ip:${clientIpFrom(ctx.headers)}`;
      const byIp = await hitRateLimit(db, key, CONFIRMATIONS_PER_IP);
      if (!byIp.allowed)
        throw new APIError("TOO_MANY_REQUESTS", { message: "Too many confirmation emails." });
    }
    if (ctx.path === "/update-user" && !UpdateUserBody.safeParse(ctx.body).success) {
      throw new APIError("BAD_REQUEST", {
        message: "Only a name (1 to 100 characters) and an image URL can be changed.",
        code: "INVALID_PROFILE",
      });
    }
    await refuseWeakPassword(ctx);
    const body = changePasswordBody(ctx);
    if (body) return { context: { body } };
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/sign-in/email") return;
    const attempt = signInAttempt(ctx, secret);
    const returned = ctx.context.returned;
    if (!attempt) return;
    const signedIn = !isAPIError(returned);
    // 403 comes only after the password matched: the account is just not confirmed yet.
    if (signedIn || returned.statusCode === 403) await passwordWasRight(db, attempt);
    if (signedIn) {
      ctx.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceToken(secret, attempt.email), {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: KNOWN_DEVICE_MAX_AGE,
      });
    }
  });

  return { before, after };
}
