import { Form, Link, useActionData, useNavigation } from "react-router";
import { data } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/auth-schemas";
import { useActionToast } from "~/lib/use-action-toast";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";
import { requestPasswordReset } from "~/.server/accounts/accounts";
import { callerOf, parseForm } from "~/.server/accounts/action-helpers";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Local Shine" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseForm(request, ForgotPasswordSchema);
  const result = await requestPasswordReset(getServicesFrom(context), callerOf(request, context), input);
  if (!result.ok) {
    return data(
      {
        sent: false,
        toast: {
          title: "Authentication Error",
          description: result.message,
          variant: "destructive" as const,
        },
      },
      { status: result.status },
    );
  }
  return { sent: true, toast: null };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>() as
    | { sent?: boolean; toast?: { title: string; description?: string } | null; fieldErrors?: FieldErrors }
    | undefined;
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, fieldProps } = useFormValidation(ForgotPasswordSchema, actionData?.fieldErrors);
  useActionToast(actionData);
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
          {actionData?.sent ? (
            <p role="status" className="rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
              {RESET_REQUESTED_MESSAGE}
            </p>
          ) : (
            <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
              <fieldset disabled={busy} className="space-y-4">
                <div className="space-y-2">
                  <Label htmlFor="email">Email</Label>
                  <Input id="email" type="email" autoComplete="email" required {...fieldProps("email")} />
                  <FieldError id="email-error" errors={errors.email} />
                </div>
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
