import type { HookEndpointContext } from "better-auth";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { weakPasswordReasons } from "~/lib/password-policy";

/**
 * Every Better Auth endpoint that sets a password, and the body field carrying it. The password rules run on
 * all of them (not only the ones the site's forms use today), so no door sets a weaker password than another.
 */
const PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The email of the account whose password is being set, so the rules can refuse a password built from it. */
async function ownerEmail(ctx: HookEndpointContext, body: Body): Promise<string | undefined> {
  const adapter = ctx.context.internalAdapter;
  switch (ctx.path) {
    case "/sign-up/email":
    case "/admin/create-user":
      return text(body.email);
    case "/reset-password": {
      const token = text(body.token) ?? text((ctx.query as Body | undefined)?.token);
      const verification = token ? await adapter.findVerificationValue(`reset-password:${token}`) : null;
      return verification ? (await adapter.findUserById(verification.value))?.email : undefined;
    }
    case "/admin/set-user-password": {
      const userId = text(body.userId);
      return userId ? (await adapter.findUserById(userId))?.email : undefined;
    }
    default:
      return (await getSessionFromCtx(ctx as Parameters<typeof getSessionFromCtx>[0]))?.user.email;
  }
}

/** Throws a 400 listing every reason when the new password is too weak. */
export async function refuseWeakPassword(ctx: HookEndpointContext): Promise<void> {
  const field = ctx.path ? PASSWORD_FIELD[ctx.path] : undefined;
  if (!field) return;
  const body = (ctx.body ?? {}) as Body;
  const password = body[field];
  // Anything but a string is refused by the endpoint's own schema.
  if (typeof password !== "string") return;
  const reasons = weakPasswordReasons(password, await ownerEmail(ctx, body));
  if (reasons.length > 0) {
    throw new APIError("BAD_REQUEST", {
      message: `Weak password: ${reasons.join(" ")}`,
      code: "WEAK_PASSWORD",
    });
  }
}

/** A password change always ends the user's other sessions, whatever the caller asked for. */
export function changePasswordBody(ctx: HookEndpointContext): Body | undefined {
  if (ctx.path !== "/change-password") return undefined;
  return { ...((ctx.body ?? {}) as Body), revokeOtherSessions: true };
}
