import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResetPasswordSchema } from "~/lib/auth-schemas";
import type { PageHandle } from "~/lib/page-handle";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { resetPassword } from "~/.server/accounts/accounts";
import { authErrorToast, callerOf, redirectWithToast } from "~/.server/accounts/action-helpers";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { getServicesFrom } from "~/.server/services";

/** Hydrates (its form is a React form); its refusals are form answers all the same (docs/decisions/065). */
export const handle: PageHandle = { formPage: true, private: true };

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Local Shine" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, ResetPasswordSchema);
  const result = submission.reply({ hideFields: ["password", "confirmPassword"] });
  if (submission.status !== "success") return formReply({ ok: false, result }, 400);
  const outcome = await resetPassword(getServicesFrom(context), callerOf(request, context), submission.value);
  if (!outcome.ok) {
    return formReply({ ok: false, result, toast: authErrorToast(outcome.message) }, outcome.status);
  }
  return redirectWithToast("/signin", {
    title: "Password updated",
    description: "Your password has been changed. Please sign in with your new password.",
  });
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
  });
  useReplyToast(actionData);
  const invalid = !token || params.get("error");

  return (
    <section className="container-page flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>
            At least 6 characters, hard to guess (not a common password or a pattern), and not your email.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <div role="alert" className="space-y-4 text-sm">
              <p>This reset link is invalid or has expired.</p>
              <Button asChild>
                <Link to="/forgot-password">Request a new link</Link>
              </Button>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <input type="hidden" name={fields.token.name} value={token} />
              <fieldset disabled={busy} className="space-y-4">
                <Field field={fields.password} label="New password">
                  <Input type="password" autoComplete="new-password" required />
                </Field>
                <Field field={fields.confirmPassword} label="Confirm new password">
                  <Input type="password" autoComplete="new-password" required />
                </Field>
                <FieldError id={fields.token.errorId} errors={fields.token.errors} />
                <Button type="submit" className="w-full">
                  {busy ? "Saving..." : "Set new password"}
                </Button>
              </fieldset>
            </Form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
