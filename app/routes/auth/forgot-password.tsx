import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/auth-schemas";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { requestPasswordReset } from "~/.server/accounts/accounts";
import { authErrorToast, callerOf } from "~/.server/accounts/action-helpers";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Local Shine" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, ForgotPasswordSchema);
  const result = submission.reply();
  if (submission.status !== "success") return formReply({ ok: false, result }, 400);
  const outcome = await requestPasswordReset(
    getServicesFrom(context),
    callerOf(request, context),
    submission.value,
  );
  if (!outcome.ok) {
    return formReply({ ok: false, result, toast: authErrorToast(outcome.message) }, outcome.status);
  }
  return formReply({ ok: true, result });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  useReplyToast(actionData);
  return (
    <section className="container-page flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Forgot your password?</h1>
          </CardTitle>
          <CardDescription>
            Enter the email you signed up with and we'll send you a link to choose a new one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.ok ? (
            <p role="status" className="rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
              {RESET_REQUESTED_MESSAGE}
            </p>
          ) : (
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <fieldset disabled={busy} className="space-y-4">
                <Field field={fields.email} label="Email">
                  <Input type="email" autoComplete="email" required />
                </Field>
                <Button type="submit" className="w-full">
                  {busy ? "Sending..." : "Send reset link"}
                </Button>
              </fieldset>
            </Form>
          )}
          <p className="mt-6 text-center text-sm">
            <Link to="/signin" className="font-semibold text-primary hover:underline">
              Back to Sign In
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
