import { controlCharacterMessage, isOneLine, oneLine } from "./form-fields";
import { z } from "./zod";

/** docs/product.md#limits: minimum password length 6. */
export const PASSWORD_MIN_LENGTH = 6;

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
