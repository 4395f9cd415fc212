import { getFormProps } from "@conform-to/react";
import { Icon } from "~/components/ui/icon";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/signin";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SignInSchema } from "~/lib/auth-schemas";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { signIn, signUp } from "~/.server/accounts/accounts";
import { authErrorToast, callerOf, redirectWithToast } from "~/.server/accounts/action-helpers";
import { requireAnonymous } from "~/.server/auth/guards";
import { safeRedirectPath } from "~/.server/auth/return-path";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Local Shine" },
  { name: "description", content: "Sign in to manage your Local Shine listing and kiosk media." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request, context);
  const submission = await parseSubmission(request, SignInSchema);
  // The password is never sent back: a form re-rendered without JavaScript starts with it empty.
  const result = submission.reply({ hideFields: ["password"] });
  if (submission.status !== "success") return formReply({ ok: false, result }, 400);
  const input = submission.value;
  const services = getServicesFrom(context);
  const caller = callerOf(request, context);
  try {
    if (input.intent === "signup") {
      const outcome = await signUp(services, caller, input);
      if (!outcome.ok)
        return formReply({ ok: false, result, toast: authErrorToast(outcome.message) }, outcome.status);
      // No `result`: it would echo the email back, and the answer must be the same byte for byte whether or
      // not the address already has an account (docs/security.md, "Account enumeration").
      return formReply({
        ok: true,
        toast: { title: "Account Created!", description: "Please check your email to confirm your account." },
      });
    }
    const outcome = await signIn(services, caller, input);
    if (!outcome.ok)
      return formReply({ ok: false, result, toast: authErrorToast(outcome.message) }, outcome.status);
    return redirectWithToast(
      safeRedirectPath(input.redirectTo),
      { title: "Welcome Back!", description: "You have successfully signed in." },
      outcome.cookies,
    );
  } catch (error) {
    getRequestInfo(context).log.error({ err: error }, "sign-in failed unexpectedly");
    const toast = {
      title: "Error",
      description: "An unexpected error occurred. Please try again.",
      variant: "destructive" as const,
    };
    return formReply({ ok: false, result, toast }, 500);
  }
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // One form id per mode: switching modes starts a fresh form.
  const [form, fields] = useValidatedForm(SignInSchema, { id: mode, lastResult: actionData?.result });
  useReplyToast(actionData);

  const toggleParams = new URLSearchParams(params);
  if (mode === "signin") toggleParams.set("mode", "signup");
  else toggleParams.delete("mode");
  const toggleSearch = toggleParams.toString();

  return (
    <section className="container-page flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>{mode === "signin" ? "Sign In" : "Sign Up"}</h1>
          </CardTitle>
          <CardDescription>
            {mode === "signin"
              ? "Welcome back to Local Shine. Sign in to manage your listing and kiosk media."
              : "Create your Local Shine account to upload kiosk ads and manage your listing."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.ok && mode === "signup" ? (
            <p role="status" className="mb-4 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
              We've sent a confirmation link to your email. Follow it to finish creating your account.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="space-y-4" key={mode}>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <fieldset disabled={busy} className="space-y-4">
              <Field field={fields.email} label="Email">
                <Input type="email" autoComplete="email" required />
              </Field>
              <Field field={fields.password} label="Password">
                <Input
                  type="password"
                  autoComplete={mode === "signin" ? "current-password" : "new-password"}
                  required
                  minLength={6}
                />
              </Field>
              {mode === "signin" ? (
                <div className="flex items-center justify-between gap-4">
                  <div className="flex items-center gap-2">
                    <Checkbox id={fields.rememberMe.id} name={fields.rememberMe.name} value="on" />
                    <Label htmlFor={fields.rememberMe.id} className="font-normal">
                      Remember me
                    </Label>
                  </div>
                  <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
                    Forgot password
                  </Link>
                </div>
              ) : null}
              <FieldError id={form.errorId} errors={form.errors} />
              <Button type="submit" className="w-full" size="lg">
                {busy ? <Icon name="loader-circle" className="animate-spin" aria-hidden /> : null}
                {mode === "signin" ? "Sign In" : "Sign Up"}
              </Button>
            </fieldset>
          </Form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            {mode === "signin" ? "Don't have an account?" : "Already have an account?"}{" "}
            <Link
              to={toggleSearch ? `?${toggleSearch}` : "."}
              replace
              className="font-semibold text-primary hover:underline"
            >
              {mode === "signin" ? "Sign Up" : "Sign In"}
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
