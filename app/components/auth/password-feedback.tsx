import { useEffect, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";
import type { PasswordStrength } from "~/lib/password-policy";
import { cn } from "~/lib/cn";

type Check = (password: string, email?: string) => PasswordStrength;

/** The rules, in words, before anything is typed (docs/product.md#sign-in-form). */
export const PASSWORD_RULES = [
  `At least ${PASSWORD_MIN_LENGTH} characters (up to 128).`,
  "Not a common password, and not built from your email or this site's name.",
  'No simple patterns such as "aaaa", "1234" or a row of keys.',
];

const BAR_COLORS: Record<PasswordStrength["score"], string> = {
  0: "bg-destructive",
  2: "bg-sun",
  3: "bg-primary",
  4: "bg-emerald-600",
};

/**
 * The password rules, then, as the person types, the verdict of the very function the server refuses weak
 * passwords with (app/lib/password-policy.ts). That module carries a large word list, so it loads on the first
 * keystroke, not with the page; until then (or without JavaScript) the rules alone show.
 */
export function PasswordFeedback({
  id,
  password,
  email,
  errorShown,
}: {
  id: string;
  password: string;
  email: string;
  /** The field shows its own error (after a submit): the reasons are there, so the meter alone shows here. */
  errorShown: boolean;
}) {
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    if (!password || check) return;
    let cancelled = false;
    void import("~/lib/password-policy").then((module) => {
      if (!cancelled) setCheck(() => module.passwordStrength);
    });
    return () => {
      cancelled = true;
    };
  }, [password, check]);

  const strength = password && check ? check(password, email) : null;
  return (
    <div id={id} className="space-y-2 rounded-md bg-muted/60 p-3 text-xs text-muted-foreground">
      <p className="font-semibold text-foreground">Your password needs:</p>
      <ul className="list-disc space-y-0.5 pl-4">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {strength ? (
        <div data-testid="password-strength" className="space-y-1 pt-1">
          <div className="flex items-center gap-2">
            <div className="flex flex-1 gap-1" aria-hidden="true">
              {[1, 2, 3, 4].map((step) => (
                <span
                  key={step}
                  className={cn(
                    "h-1.5 flex-1 rounded-full bg-border",
                    (strength.score === 0 ? step === 1 : step <= strength.score) &&
                      BAR_COLORS[strength.score],
                  )}
                />
              ))}
            </div>
            <span
              aria-live="polite"
              className={cn("font-semibold", strength.score === 0 ? "text-destructive" : "text-foreground")}
            >
              Strength: {strength.label}
            </span>
          </div>
          {strength.reasons.length > 0 && !errorShown ? (
            <ul className="space-y-0.5 text-destructive">
              {strength.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
