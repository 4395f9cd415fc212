import { Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, replyFields } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/auth-schemas";
import type { PageHandle } from "~/lib/page-handle";
import { requestPasswordReset } from "~/.server/accounts/accounts";
import { authErrorToast, callerOf } from "~/.server/accounts/action-helpers";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { showOnThisPage } from "~/.server/infra/http/flash-toast";
import { getServicesFrom } from "~/.server/services";
import { BusyForm, BusySubmit } from "~/components/ui/busy-form";

/** Visitors get the page without React: the form posts and is answered with the page (decision 071). */
export const handle: PageHandle = { hydrate: false, islands: ["busy-form"], formPage: true, private: true };

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
    const toast = authErrorToast(outcome.message);
    showOnThisPage(context, toast);
    return formReply({ ok: false, result, toast }, outcome.status);
  }
  return formReply({ ok: true, result });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = replyFields("forgot-password", ["email"] as const, actionData?.result);
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
            <BusyForm id={form.id} noValidate className="space-y-4">
              <fieldset className="space-y-4">
                <Field field={fields.email} label="Email">
                  <Input type="email" autoComplete="email" required />
                </Field>
                <BusySubmit
                  label="Send reset link"
                  busyLabel="Sending..."
                  spinner={false}
                  className="w-full"
                />
              </fieldset>
            </BusyForm>
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
