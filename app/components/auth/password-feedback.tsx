import { PASSWORD_MIN_LENGTH } from "~/lib/auth-schemas";
import type { IslandAttrs } from "~/islands/contract";

/** The rules, in words, before anything is typed (docs/product.md#sign-in-form). */
export const PASSWORD_RULES = [
  `At least ${PASSWORD_MIN_LENGTH} characters (up to 128).`,
  "Not a common password, and not built from your email or this site's name.",
  'No simple patterns such as "aaaa", "1234" or a row of keys.',
];

/**
 * The password rules, then, as the person types, the verdict of the very function the server refuses weak
 * passwords with (app/lib/password-policy.ts). That module carries a large word list, so the password-strength
 * island (app/islands/password-strength.island.ts) loads it when the password field is first focused and draws the
 * meter in its `PasswordStrengthAttr.Meter` (app/islands/contract.ts); until then (or without JavaScript) the rules alone show.
 * The password input names this box through `passwordStrengthFor`.
 */
/** The password input's props that point the meter at the `PasswordFeedback` with this id. */
export function passwordStrengthFor(id: string | undefined) {
  return { "data-password-strength": id } satisfies IslandAttrs;
}

export function PasswordFeedback({ id }: { id: string }) {
  return (
    <div id={id} className="space-y-2 rounded-md bg-muted/60 p-3 text-xs text-muted-foreground">
      <p className="font-semibold text-foreground">Your password needs:</p>
      <ul className="list-disc space-y-0.5 pl-4">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <div {...({ "data-strength-meter": "" } satisfies IslandAttrs)} />
    </div>
  );
}
