import { getFormProps } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { ClaimSchema } from "~/lib/business-schemas";
import type { FormReply } from "~/lib/form-submission";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";

/**
 * "Own this business?" on a claimable listing (docs/product.md#claims): sign in, ask, then type the emailed code, or
 * wait for the team's decision.
 */
export function ClaimListing({
  businessId,
  claim,
}: {
  businessId: string;
  /** Null once the listing is not claimable (its toasts still show: this component stays mounted). */
  claim: { signedIn: boolean; state: "none" | "code-sent" | "awaiting-admin" } | null;
}) {
  const location = useLocation();
  const ask = useFetcher<FormReply>();
  const confirm = useFetcher<FormReply>();
  useReplyToast(ask.data, ask.state === "idle");
  useReplyToast(confirm.data, confirm.state === "idle");
  const [form, fields] = useValidatedForm(ClaimSchema, {
    id: `claim-${businessId}`,
    lastResult: confirm.data?.result,
  });
  const action = `/business/${businessId}`;
  if (!claim) return null;
  const { signedIn, state } = claim;

  return (
    <section aria-labelledby="claim-title" className="rounded-xl border border-dashed bg-card p-6">
      <h2 id="claim-title" className="text-lg font-bold text-ink">
        Own this business?
      </h2>
      {!signedIn ? (
        <p className="mt-2 text-sm text-muted-foreground">
          <Link
            to={`/signin?redirectTo=${encodeURIComponent(location.pathname)}`}
            className="font-semibold text-primary underline underline-offset-2"
          >
            Sign in
          </Link>{" "}
          to claim this listing and keep it up to date.
        </p>
      ) : state === "awaiting-admin" ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          Your claim is with our team. We&apos;ll email you once we have checked it.
        </p>
      ) : (
        <div className="mt-2 space-y-4">
          <p className="text-sm text-muted-foreground">
            Claim it to edit it yourself. If the listing has an email address we send a code there; otherwise
            our team checks with you.
          </p>
          <ask.Form method="post" action={action}>
            <Button
              type="submit"
              name="intent"
              value="claim"
              variant="outline"
              disabled={ask.state !== "idle"}
            >
              <Icon name="shield-check" aria-hidden />
              {state === "code-sent" ? "Send a new code" : "Claim this listing"}
            </Button>
          </ask.Form>
          {state === "code-sent" ? (
            <confirm.Form method="post" action={action} {...getFormProps(form)} className="space-y-3">
              <input type="hidden" name="intent" value="confirm-claim" />
              <Field field={fields.code} label="Code from the email" hint="Six digits, valid for 30 minutes.">
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              </Field>
              <Button type="submit" disabled={confirm.state !== "idle"}>
                Confirm
              </Button>
            </confirm.Form>
          ) : null}
        </div>
      )}
    </section>
  );
}
