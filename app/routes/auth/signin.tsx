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
import { useEffect, useState } from "react";
import { CheckEmailPanel, ConfirmationLinkNotice } from "~/components/auth/check-email-panel";
import { PasswordFeedback } from "~/components/auth/password-feedback";
import { ResendConfirmationSchema, RESEND_CONFIRMATION_MESSAGE, SignInSchema } from "~/lib/auth-schemas";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useValidatedForm } from "~/lib/use-validated-form";
import { resendConfirmation, signIn, signUp } from "~/.server/accounts/accounts";
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
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (form?.get("intent") === "resend") return resend(request, context);
  const submission = await parseSubmission(request, SignInSchema);
  // The password is never sent back: a form re-rendered without JavaScript starts with it empty.
  const result = submission.reply({ hideFields: ["password"] });
  if (submission.status !== "success") return formReply({ ok: false, result }, 400);
  const input = submission.value;
  const services = getServicesFrom(context);
  const caller = callerOf(request, context);
  // A refusal caused by one field shows under it as well as in the toast.
  const refusal = (outcome: { message: string; field?: string; fieldErrors?: string[] }) =>
    outcome.field
      ? submission.reply({
          hideFields: ["password"],
          fieldErrors: { [outcome.field]: outcome.fieldErrors ?? [outcome.message] },
        })
      : result;
  try {
    if (input.intent === "signup") {
      const outcome = await signUp(services, caller, input);
      if (!outcome.ok)
        return formReply(
          { ok: false, result: refusal(outcome), toast: authErrorToast(outcome.message) },
          outcome.status,
        );
      // No `result`: it would echo the email back, and the answer must be the same byte for byte whether or
      // not the address already has an account (docs/security.md, "Account enumeration").
      return formReply({
        ok: true,
        toast: { title: "Account Created!", description: "Please check your email to confirm your account." },
      });
    }
    const outcome = await signIn(services, caller, input);
    if (!outcome.ok)
      return formReply(
        { ok: false, result: refusal(outcome), toast: authErrorToast(outcome.message) },
        outcome.status,
      );
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

/** "Send the link again": the same answer whether or not the address has an account waiting. */
async function resend(request: Request, context: Route.ActionArgs["context"]) {
  const submission = await parseSubmission(request, ResendConfirmationSchema);
  if (submission.status !== "success") return formReply({ ok: false, result: submission.reply() }, 400);
  const outcome = await resendConfirmation(
    getServicesFrom(context),
    callerOf(request, context),
    submission.value,
  );
  if (!outcome.ok) {
    return formReply(
      { ok: false, result: submission.reply({ formErrors: [outcome.message] }), resent: false },
      outcome.status,
    );
  }
  return formReply({
    ok: true,
    resent: true,
    toast: { title: "Link sent", description: RESEND_CONFIRMATION_MESSAGE },
  });
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  // Back from a confirmation link that did not sign the person in (used before, expired or broken).
  const confirmation = params.get("confirm") === "1" ? { error: params.get("error") } : null;
  const [typed, setTyped] = useState({ email: "", password: "" });
  // Each mode starts with empty fields (its form is remounted), so the meter starts empty too.
  useEffect(() => setTyped({ email: "", password: "" }), [mode]);
  // The address the sign-up was sent for: the server's answer never repeats it (docs/security.md).
  const [signedUpAs, setSignedUpAs] = useState("");
  const isResendReply = actionData !== undefined && "resent" in actionData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // One form id per mode: switching modes starts a fresh form.
  const [form, fields] = useValidatedForm(SignInSchema, {
    id: mode,
    lastResult: isResendReply ? undefined : actionData?.result,
  });
  const signedUp = mode === "signup" && (actionData?.ok === true || isResendReply);
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
          {signedUp ? (
            <CheckEmailPanel email={signedUpAs} reply={isResendReply ? actionData : undefined} busy={busy} />
          ) : (
            <>
              {confirmation && mode === "signin" ? (
                <ConfirmationLinkNotice
                  error={confirmation.error}
                  reply={isResendReply ? actionData : undefined}
                  busy={busy}
                />
              ) : null}
              <Form
                method="post"
                {...getFormProps(form)}
                onSubmit={(event) => {
                  form.onSubmit(event);
                  if (!event.defaultPrevented) setSignedUpAs(typed.email);
                }}
                onInput={(event) => {
                  const target = event.target as HTMLInputElement;
                  if (target.name === "email" || target.name === "password")
                    setTyped((current) => ({ ...current, [target.name]: target.value }));
                }}
                className="space-y-4"
                key={mode}
              >
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
                  {mode === "signup" ? (
                    <PasswordFeedback
                      id="password-rules"
                      password={typed.password}
                      email={typed.email}
                      errorShown={Boolean(fields.password.errors?.length)}
                    />
                  ) : null}
                  {mode === "signin" ? (
                    <div className="flex items-center justify-between gap-4">
                      <div className="flex items-center gap-2">
                        <Checkbox id={fields.rememberMe.id} name={fields.rememberMe.name} value="on" />
                        <Label htmlFor={fields.rememberMe.id} className="font-normal">
                          Remember me
                        </Label>
                      </div>
                      <Link
                        to="/forgot-password"
                        className="text-sm font-medium text-primary hover:underline"
                      >
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
            </>
          )}
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
