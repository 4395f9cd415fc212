import { controlCharacterMessage, isOneLine, oneLine } from "./form-fields";
import { PASSWORD_MIN_LENGTH } from "./password-length";
import { z } from "./zod";

export { PASSWORD_MIN_LENGTH };

const email = oneLine("Email", "Email is required")
  .min(1, "Email is required")
  .max(255, "Email must be less than 255 characters")
  .pipe(z.email("Please enter a valid email address"));

/** Taken as typed (never trimmed); control characters are refused as in any one-line field. */
const password = z
  .string({ error: "Password is required" })
  .refine(isOneLine, controlCharacterMessage("Password"))
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, "Password must be at most 128 characters");

/** Sign in and sign up share one schema (docs/product.md#sign-in-form); `intent` says which. */
export const SignInSchema = z.object({
  intent: z.enum(["signin", "signup"]).default("signin"),
  email,
  password,
  rememberMe: z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  // A hidden field: a value that could never be a path on this site is ignored rather than shown as an error.
  redirectTo: oneLine("Return path").optional().catch(undefined),
});

/**
 * Where a confirmation link lands. Better Auth adds `error=TOKEN_EXPIRED` or `error=INVALID_TOKEN` to it when
 * the link is refused; a link used before lands here without a session. A person the link just signed in is
 * sent on to the dashboard by the sign-in page.
 */
export const CONFIRMATION_CALLBACK = "/signin?confirm=1";

/** "Send the link again", from the check-your-email panel or after a confirmation link that no longer works. */
export const ResendConfirmationSchema = z.object({
  intent: z.literal("resend"),
  email,
});

/** The one answer to a resend, whether or not the address has an account waiting for confirmation. */
export const RESEND_CONFIRMATION_MESSAGE =
  "If that address has an account waiting for confirmation, we've sent a new link. It works for 24 hours.";

/** What the sign-in page says about a confirmation link that brought someone back without signing them in. */
export function confirmationLinkNotice(error: string | null): { title: string; text: string } {
  if (error === "TOKEN_EXPIRED")
    return {
      title: "This confirmation link has expired",
      text: "Links work for 24 hours. Ask for a new one below, or sign in and we'll send one.",
    };
  if (error)
    return {
      title: "This confirmation link doesn't work",
      text: "It may be incomplete or from an older email. Ask for a new one below.",
    };
  return {
    title: "This confirmation link was already used",
    text: "Your email is confirmed. Sign in with your email and password.",
  };
}

const INVALID_RESET_LINK = "This reset link is invalid or has expired.";

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: oneLine("Token", INVALID_RESET_LINK, INVALID_RESET_LINK).min(1, INVALID_RESET_LINK),
    password,
    confirmPassword: z
      .string({ error: "Please confirm your password" })
      .refine(isOneLine, controlCharacterMessage("Password"))
      .min(1, "Please confirm your password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

/** The one answer to a reset request, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. The link works for one hour.";
