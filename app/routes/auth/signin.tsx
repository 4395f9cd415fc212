import { Icon } from "~/components/ui/icon";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/signin";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SignInSchema } from "~/lib/auth-schemas";
import { useActionToast } from "~/lib/use-action-toast";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";
import { signIn, signUp } from "~/.server/accounts/accounts";
import { callerOf, parseForm, redirectWithToast } from "~/.server/accounts/action-helpers";
import { requireAnonymous, safeRedirectPath } from "~/.server/auth/guards";
import { getRequestInfo } from "~/.server/request-context";
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
  const input = await parseForm(request, SignInSchema);
  const services = getServicesFrom(context);
  const caller = callerOf(request, context);
  try {
    if (input.intent === "signup") {
      const result = await signUp(services, caller, input);
      if (!result.ok) {
        return data({ toast: authError(result.message), created: false }, { status: result.status });
      }
      return {
        created: true,
        toast: { title: "Account Created!", description: "Please check your email to confirm your account." },
      };
    }
    const result = await signIn(services, caller, input);
    if (!result.ok)
      return data({ toast: authError(result.message), created: false }, { status: result.status });
    return redirectWithToast(
      safeRedirectPath(input.redirectTo),
      { title: "Welcome Back!", description: "You have successfully signed in." },
      result.cookies,
    );
  } catch (error) {
    getRequestInfo(context).log.error({ err: error }, "sign-in failed unexpectedly");
    return data(
      {
        created: false,
        toast: {
          title: "Error",
          description: "An unexpected error occurred. Please try again.",
          variant: "destructive" as const,
        },
      },
      { status: 500 },
    );
  }
}

function authError(message: string) {
  return { title: "Authentication Error", description: message, variant: "destructive" as const };
}

export default function SignIn() {
  const actionData = useActionData<typeof action>() as
    | { toast?: { title: string; description?: string }; created?: boolean; fieldErrors?: FieldErrors }
    | undefined;
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { errors, onSubmit, fieldProps, reset } = useFormValidation(SignInSchema, actionData?.fieldErrors);
  useActionToast(actionData);

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
          {actionData?.created && mode === "signup" ? (
            <p role="status" className="mb-4 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
              We've sent a confirmation link to your email. Follow it to finish creating your account.
            </p>
          ) : null}
          <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4" key={mode}>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <fieldset disabled={busy} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="email">Email</Label>
                <Input id="email" type="email" autoComplete="email" required {...fieldProps("email")} />
                <FieldError id="email-error" errors={errors.email} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="password">Password</Label>
                <Input
                  id="password"
                  type="password"
                  autoComplete={mode === "signin" ? "current-password" : "new-password"}
                  required
                  minLength={6}
                  {...fieldProps("password")}
                />
                <FieldError id="password-error" errors={errors.password} />
              </div>
              {mode === "signin" ? (
                <div className="flex items-center justify-between gap-4">
                  <div className="flex items-center gap-2">
                    <Checkbox id="rememberMe" name="rememberMe" value="on" />
                    <Label htmlFor="rememberMe" className="font-normal">
                      Remember me
                    </Label>
                  </div>
                  <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
                    Forgot password
                  </Link>
                </div>
              ) : null}
              <FieldError id="form-error" errors={errors.form} />
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
              onClick={reset}
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
