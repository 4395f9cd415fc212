import { APIError } from "better-auth/api";
import type { Services } from "../services";
import { withClientIp } from "../auth/client-ip";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../infra/rate-limit";
import { weakPasswordReasons } from "~/lib/password-policy";
import { CONFIRMATION_CALLBACK } from "~/lib/auth-schemas";

/**
 * Result of an auth operation: success with the Set-Cookie headers to forward, or a message for the user, and
 * (when one field is the cause) that field with the messages to show under it.
 */
export type AuthResult =
  | { ok: true; cookies: string[] }
  | { ok: false; message: string; status: number; field?: "email" | "password"; fieldErrors?: string[] };

// Abuse limits per client IP and per account, kept in the database (docs/security.md). Sign-in's own are
// Better Auth hooks (auth/sign-in-guard.ts), so they hold whoever calls the endpoint.
const SIGNUP_PER_IP = { window: 60 * 60, max: 10 };
const RESET_PER_IP = { window: 60, max: 5 };
const RESET_PER_ACCOUNT = { window: 15 * 60, max: 3 };
// "Send the link again" from the check-your-email panel or an expired link. Each account also gets at most one
// confirmation email per five minutes and five a day, whoever asks (auth.ts).
const RESEND_PER_IP = { window: 15 * 60, max: 5 };

export const WRONG_PASSWORD_MESSAGE = "Invalid email or password";

export const UNVERIFIED_MESSAGE =
  "Please confirm your email address before signing in. We've sent you a new confirmation link.";

interface Caller {
  headers: Headers;
  clientIp: string;
}

/** The caller's headers with its client IP, which Better Auth's hooks read. */
const headersOf = (caller: Caller) => withClientIp(caller.headers, caller.clientIp);

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.clone().json()) as { message?: string };
    return body.message || fallback;
  } catch {
    return fallback;
  }
}

/** Better Auth answers with a Response, or throws an APIError from a hook (weak password); both become a Response. */
async function respond(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError) {
      return Response.json({ message: error.message, code: error.body?.code }, { status: error.statusCode });
    }
    throw error;
  }
}

function refused(): AuthResult {
  return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE };
}

export async function signIn(
  { auth }: Services,
  caller: Caller,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<AuthResult> {
  const email = input.email.toLowerCase();
  const headers = headersOf(caller);
  const response = await respond(() =>
    auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: input.rememberMe, callbackURL: "/dashboard" },
      headers,
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true, cookies: response.headers.getSetCookie() };
  if (response.status === 403) {
    await sendConfirmation({ auth }, headers, email);
    return { ok: false, status: 403, message: UNVERIFIED_MESSAGE, field: "email" };
  }
  if (response.status === 401)
    return { ok: false, status: 401, message: WRONG_PASSWORD_MESSAGE, field: "password" };
  return { ok: false, status: response.status, message: await messageOf(response, "Could not sign in.") };
}

/**
 * A new confirmation link for an unconfirmed account. Limited per IP (auth-hooks.ts) and per account (auth.ts);
 * over a limit nothing is sent and the person sees the same message (they may still have the last link).
 */
async function sendConfirmation({ auth }: Pick<Services, "auth">, headers: Headers, email: string) {
  try {
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: CONFIRMATION_CALLBACK }, headers });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
}

export async function signUp(
  { auth, db }: Services,
  caller: Caller,
  input: { email: string; password: string },
): Promise<AuthResult> {
  if (!(await hitRateLimit(db, `signup:ip:${caller.clientIp}`, SIGNUP_PER_IP)).allowed) return refused();
  const email = input.email.toLowerCase();
  const response = await respond(() =>
    auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: email.split("@")[0],
        callbackURL: CONFIRMATION_CALLBACK,
      },
      headers: headersOf(caller),
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true, cookies: [] };
  if (response.status === 400) {
    // The password rules (password-guard.ts) refused it: the same reasons, one per line under the field.
    const reasons = weakPasswordReasons(input.password, email);
    if (reasons.length > 0) {
      return {
        ok: false,
        status: 400,
        message: await messageOf(response, "Weak password"),
        field: "password",
        fieldErrors: reasons,
      };
    }
  }
  return {
    ok: false,
    status: response.status,
    message: await messageOf(response, "Could not create the account."),
  };
}

/**
 * "Send the link again": a new confirmation link for an account that is not confirmed yet. Always answers the same
 * way, whether or not such an account exists (no account enumeration); limited per IP here and per account in
 * auth.ts, so it cannot be used to flood a mailbox.
 */
export async function resendConfirmation(
  { auth, db }: Services,
  caller: Caller,
  input: { email: string },
): Promise<AuthResult> {
  if (!(await hitRateLimit(db, `resend:ip:${caller.clientIp}`, RESEND_PER_IP)).allowed) return refused();
  await sendConfirmation({ auth }, headersOf(caller), input.email.toLowerCase());
  return { ok: true, cookies: [] };
}

/** Always answers the same way, whether or not an account exists (no account enumeration). */
export async function requestPasswordReset(
  { auth, db }: Services,
  caller: Caller,
  input: { email: string },
): Promise<AuthResult> {
  const email = input.email.toLowerCase();
  const byIp = await hitRateLimit(db, `reset:ip:${caller.clientIp}`, RESET_PER_IP);
  if (!byIp.allowed) return refused();
  const byAccount = await hitRateLimit(db, `reset:account:${email}`, RESET_PER_ACCOUNT);
  if (byAccount.allowed) {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: headersOf(caller),
    });
  }
  return { ok: true, cookies: [] };
}

export async function resetPassword(
  { auth, db }: Services,
  caller: Caller,
  input: { token: string; password: string },
): Promise<AuthResult> {
  if (!(await hitRateLimit(db, `reset-submit:ip:${caller.clientIp}`, RESET_PER_IP)).allowed) return refused();
  const response = await respond(() =>
    auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: headersOf(caller),
      asResponse: true,
    }),
  );
  if (response.ok) return { ok: true, cookies: [] };
  const message = await messageOf(response, "This reset link is invalid or has expired.");
  return {
    ok: false,
    status: response.status,
    message: /token/i.test(message) ? "This reset link is invalid or has expired." : message,
  };
}

export async function signOut({ auth }: Services, caller: Caller): Promise<string[]> {
  try {
    const response = await auth.api.signOut({ headers: caller.headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch {
    return [];
  }
}
