import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";

// ~49k passwords seen most often in breaches (zxcvbn-ts); a Set makes the check O(1).
const COMMON_PASSWORDS = new Set(
  (dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()),
);

/** Every reason a password is too weak (spec §5: "rejects weak passwords with a list of reasons"). Empty = ok. */
export function weakPasswordReasons(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push("Password is too common.");
  const normalizedEmail = email?.trim().toLowerCase();
  if (normalizedEmail) {
    const lowered = password.toLowerCase();
    if (lowered === normalizedEmail || lowered === normalizedEmail.split("@")[0]) {
      reasons.push("Password must not be the same as your email.");
    }
  }
  return reasons;
}
