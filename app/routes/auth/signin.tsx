import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/signin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldError, replyFields } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CheckEmailPanel, ConfirmationLinkNotice } from "~/components/auth/check-email-panel";
import { PasswordFeedback, passwordStrengthFor } from "~/components/auth/password-feedback";
import { ResendConfirmationSchema, RESEND_CONFIRMATION_MESSAGE, SignInSchema } from "~/lib/auth-schemas";
import type { FormReply } from "~/lib/form-submission";
import type { PageHandle } from "~/lib/page-handle";
import { resendConfirmation, signIn, signUp } from "~/.server/accounts/accounts";
import {
  authErrorToast,
  callerOf,
  redirectWithToast,
  rememberSignedUpAs,
  signedUpAsOf,
} from "~/.server/accounts/action-helpers";
import { requireAnonymous } from "~/.server/auth/guards";
import { safeRedirectPath } from "~/.server/auth/return-path";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { showOnThisPage } from "~/.server/infra/http/flash-toast";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { BusyForm, BusySubmit } from "~/components/ui/busy-form";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Local Shine" },
  { name: "description", content: "Sign in to manage your Local Shine listing and kiosk media." },
  { name: "robots", content: "noindex" },
];

/**
 * Visitors get the page without React (decision 071): the forms post and are answered with the page, the busy-form
 * island shows the busy state and clears messages on edit, and the password-strength island brings the meter.
 * An answer with a toast (a refusal, "Account Created!") loads React to show it.
 */
export const handle: PageHandle = {
  hydrate: false,
  islands: ["busy-form", "password-strength"],
  formPage: true,
  private: true,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  // After a sign-up or a resend sent as a document post: the address, for the "Check your email" panel, which only
  // sign-up mode shows (elsewhere the answer to a resend stays the same whatever the address).
  const signUpMode = new URL(request.url).searchParams.get("mode") === "signup";
  return { signedUpAs: signUpMode ? signedUpAsOf(context) : null };
}

/** The action's answer; its toast shows on the page that answers a document post (decision 071). */
function answer(context: Route.ActionArgs["context"], reply: FormReply, status = 200) {
  showOnThisPage(context, reply.toast);
  return formReply(reply, status);
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
  if (submission.status !== "success") return answer(context, { ok: false, result }, 400);
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
        return answer(
          context,
          { ok: false, result: refusal(outcome), toast: authErrorToast(outcome.message) },
          outcome.status,
        );
      // No `result`: it would echo the email back, and the answer must be the same byte for byte whether or
      // not the address already has an account (docs/security.md, "Account enumeration"). A page rendered for
      // a document post shows the address the person typed, given by the loader.
      rememberSignedUpAs(context, input.email);
      return answer(context, {
        ok: true,
        toast: { title: "Account Created!", description: "Please check your email to confirm your account." },
      });
    }
    const outcome = await signIn(services, caller, input);
    if (!outcome.ok)
      return answer(
        context,
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
    return answer(context, { ok: false, result, toast }, 500);
  }
}

/** "Send the link again": the same answer whether or not the address has an account waiting. */
async function resend(request: Request, context: Route.ActionArgs["context"]) {
  const submission = await parseSubmission(request, ResendConfirmationSchema);
  if (submission.status !== "success") return answer(context, { ok: false, result: submission.reply() }, 400);
  rememberSignedUpAs(context, submission.value.email);
  const outcome = await resendConfirmation(
    getServicesFrom(context),
    callerOf(request, context),
    submission.value,
  );
  if (!outcome.ok) {
    return answer(
      context,
      { ok: false, result: submission.reply({ formErrors: [outcome.message] }), resent: false },
      outcome.status,
    );
  }
  return answer(context, {
    ok: true,
    resent: true,
    toast: { title: "Link sent", description: RESEND_CONFIRMATION_MESSAGE },
  });
}

export default function SignIn({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  // Back from a confirmation link that did not sign the person in (used before, expired or broken).
  const confirmation = params.get("confirm") === "1" ? { error: params.get("error") } : null;
  const isResendReply = actionData !== undefined && "resent" in actionData;
  // One form id per mode: switching modes starts a fresh form.
  const [form, fields] = replyFields(
    mode,
    ["email", "password", "rememberMe"] as const,
    isResendReply ? undefined : actionData?.result,
  );
  const signedUp = mode === "signup" && (actionData?.ok === true || isResendReply);

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
            <CheckEmailPanel
              email={loaderData.signedUpAs ?? ""}
              reply={isResendReply ? actionData : undefined}
            />
          ) : (
            <>
              {confirmation && mode === "signin" ? (
                <ConfirmationLinkNotice
                  error={confirmation.error}
                  reply={isResendReply ? actionData : undefined}
                />
              ) : null}
              {/* Posts to this URL (its mode and return path included) like any form; answered with this page. */}
              <BusyForm
                id={form.id}
                noValidate
                aria-describedby={form.errors?.length ? form.errorId : undefined}
                className="space-y-4"
                key={mode}
              >
                <input type="hidden" name="intent" value={mode} />
                <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
                <fieldset className="space-y-4">
                  <Field field={fields.email} label="Email">
                    <Input type="email" autoComplete="email" required />
                  </Field>
                  <Field field={fields.password} label="Password">
                    <Input
                      type="password"
                      autoComplete={mode === "signin" ? "current-password" : "new-password"}
                      required
                      minLength={6}
                      {...passwordStrengthFor(mode === "signup" ? "password-rules" : undefined)}
                    />
                  </Field>
                  {mode === "signup" ? <PasswordFeedback id="password-rules" /> : null}
                  {mode === "signin" ? (
                    <div className="flex items-center justify-between gap-4">
                      <div className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          id={fields.rememberMe.id}
                          name={fields.rememberMe.name}
                          value="on"
                          className="size-4 shrink-0 rounded-[4px] accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                        />
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
                  <BusySubmit
                    label={mode === "signin" ? "Sign In" : "Sign Up"}
                    className="w-full"
                    size="lg"
                  />
                </fieldset>
              </BusyForm>
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
