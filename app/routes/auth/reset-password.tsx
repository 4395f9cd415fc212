import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ResetPasswordSchema } from "~/lib/auth-schemas";
import { useActionToast } from "~/lib/use-action-toast";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";
import { resetPassword } from "~/.server/accounts/accounts";
import { callerOf, parseForm, redirectWithToast } from "~/.server/accounts/action-helpers";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Local Shine" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseForm(request, ResetPasswordSchema);
  const result = await resetPassword(getServicesFrom(context), callerOf(request, context), input);
  if (!result.ok) {
    return data(
      {
        toast: {
          title: "Authentication Error",
          description: result.message,
          variant: "destructive" as const,
        },
      },
      { status: result.status },
    );
  }
  return redirectWithToast("/signin", {
    title: "Password updated",
    description: "Your password has been changed. Please sign in with your new password.",
  });
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const actionData = useActionData<typeof action>() as
    { toast?: { title: string; description?: string }; fieldErrors?: FieldErrors } | undefined;
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, fieldProps } = useFormValidation(ResetPasswordSchema, actionData?.fieldErrors);
  useActionToast(actionData);
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
            <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
              <input type="hidden" name="token" value={token} />
              <fieldset disabled={busy} className="space-y-4">
                <div className="space-y-2">
                  <Label htmlFor="password">New password</Label>
                  <Input
                    id="password"
                    type="password"
                    autoComplete="new-password"
                    required
                    {...fieldProps("password")}
                  />
                  <FieldError id="password-error" errors={errors.password} />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="confirmPassword">Confirm new password</Label>
                  <Input
                    id="confirmPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                    {...fieldProps("confirmPassword")}
                  />
                  <FieldError id="confirmPassword-error" errors={errors.confirmPassword} />
                </div>
                <FieldError id="token-error" errors={errors.token} />
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
