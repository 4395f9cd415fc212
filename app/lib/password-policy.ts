import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "./password-length";

/** The longest password accepted (Better Auth's `maxPasswordLength` is the same). */
export const PASSWORD_MAX_LENGTH = 128;

// ~49k passwords seen most often in breaches (zxcvbn-ts); a Set makes the check O(1).
const COMMON_PASSWORDS = new Set(
  (dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()),
);

// Words anyone would try first against this site (ASVS "context-specific words").
export const SITE_WORDS = ["local shine", "localshine", "local", "shine", "shiner", "kiosk", "sanitizer"];

// zxcvbn's estimate of the guesses an attacker needs. A million is what a random 6-character password scores,
// so the 6-character floor stays reachable while "kiosk123" or "abcdef" are refused. Sign-in allows
// about a hundred guesses per account a day (sign-in-throttle.ts): years for a million.
const MIN_GUESSES = 1_000_000;

// Patterns past 64 characters add nothing to the verdict but cost time (zxcvbn's matching grows quickly).
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 });

const PATTERN_REASONS: Record<string, string> = {
  userInputs: "Password must not be built from your email or this site's name.",
  simpleRepeat: 'Password must not be a repeated character or pattern like "aaaa" or "abcabc".',
  extendedRepeat: 'Password must not be a repeated character or pattern like "aaaa" or "abcabc".',
  sequences: 'Password must not be a sequence like "abcd" or "1234".',
  straightRow: "Password must not be a row of keys on the keyboard.",
  keyPattern: "Password must not be a pattern of keys on the keyboard.",
};

/** How a password rates, for the sign-up form's live meter; `reasons` empty = the server will accept it. */
export interface PasswordStrength {
  reasons: string[];
  /** 0 (refused) … 4 (strong); 1 is never given: a password the server accepts starts at 2. */
  score: 0 | 2 | 3 | 4;
  label: "Too weak" | "Fair" | "Good" | "Strong";
}

/**
 * The one computation behind both the server's refusal (password-guard.ts) and the sign-up form's live feedback,
 * which loads this module on demand (it carries a 50k-word dictionary).
 */
export function passwordStrength(password: string, email?: string): PasswordStrength {
  const { reasons, guesses } = evaluate(password, email);
  if (reasons.length > 0) return { reasons, score: 0, label: "Too weak" };
  if (guesses >= 1e10) return { reasons, score: 4, label: "Strong" };
  if (guesses >= 1e8) return { reasons, score: 3, label: "Good" };
  return { reasons, score: 2, label: "Fair" };
}

/**
 * Every reason a password is too weak, all listed for the person. Empty = ok.
 * Checked on every endpoint that sets a password (password-guard.ts).
 */
export function weakPasswordReasons(password: string, email?: string): string[] {
  return evaluate(password, email).reasons;
}

function evaluate(password: string, email?: string): { reasons: string[]; guesses: number } {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    reasons.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push("Password is too common.");
  const normalizedEmail = email?.trim().toLowerCase();
  const localPart = normalizedEmail?.split("@")[0];
  if (normalizedEmail) {
    const lowered = password.toLowerCase();
    if (lowered === normalizedEmail || lowered === localPart) {
      reasons.push("Password must not be the same as your email.");
    }
  }
  if (reasons.length > 0) return { reasons, guesses: 0 };
  const userInputs = [...SITE_WORDS, ...(normalizedEmail ? [normalizedEmail, localPart ?? ""] : [])];
  if (builtOnEmail(password, [normalizedEmail, localPart], userInputs)) {
    return { reasons: [PATTERN_REASONS.userInputs], guesses: 0 };
  }
  const result = zxcvbn.check(password, userInputs);
  if (result.guesses < MIN_GUESSES) {
    const warning = result.feedback.warning ?? "";
    reasons.push(PATTERN_REASONS[warning] ?? "Password is too easy to guess. Add another word or two.");
  }
  return { reasons, guesses: result.guesses };
}

/**
 * An attacker who targets an account knows its email, so the email (or the part before the @) inside a password
 * adds nothing: what is left must be strong on its own. zxcvbn alone misses some of these, e.g. a local part that
 * ends in digits followed by a year ("ana-0412" + "2024" reads as one 8-digit run, not as a year).
 */
function builtOnEmail(password: string, parts: (string | undefined)[], userInputs: string[]): boolean {
  const lowered = password.toLowerCase();
  for (const part of parts) {
    if (!part || part.length < 3) continue;
    const at = lowered.indexOf(part);
    if (at < 0) continue;
    const rest = password.slice(0, at) + password.slice(at + part.length);
    if (zxcvbn.check(rest, userInputs).guesses < MIN_GUESSES) return true;
  }
  return false;
}
