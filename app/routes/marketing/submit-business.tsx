import { Icon } from "~/components/ui/icon";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/submit-business";
import { HoneypotField } from "~/components/marketing/honeypot-field";
import { PageHero } from "~/components/marketing/page-hero";
import { SubmissionConfirmation } from "~/components/marketing/submission-confirmation";
import { TextField } from "~/components/marketing/text-field";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { BusinessApplicationSchema } from "~/lib/marketing-schemas";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";
import { parseForm } from "~/.server/accounts/action-helpers";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { submitBusinessApplication } from "~/.server/submissions/business-applications";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Join Our Network | Local Shine",
    description:
      "Apply for a free Local Shine sanitizer kiosk with free ad space for your business. No contracts, no fees: tell us about your business and we'll be in touch.",
    path: "/submit-business",
    appUrl: appUrlFrom(matches),
  });

export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseForm(request, BusinessApplicationSchema);
  const { clientIp, log } = getRequestInfo(context);
  const result = await submitBusinessApplication(getServicesFrom(context), { clientIp, log }, input);
  if (!result.ok)
    return data({ ok: false as const, fieldErrors: { form: [result.message] } }, { status: result.status });
  return { ok: true as const };
}

type ActionReply = { ok?: boolean; fieldErrors?: FieldErrors } | undefined;

const NEXT_STEPS = [
  {
    icon: "phone-call",
    title: "We call you",
    text: "Someone from our team gets in touch within two business days.",
  },
  {
    icon: "calendar-check",
    title: "We plan your spot",
    text: "Together we pick the kiosk's place and design your first ad.",
  },
  {
    icon: "sparkles",
    title: "You start shining",
    text: "We install and maintain everything, free, for as long as you host.",
  },
] as const;

/** Spec §2 "Submit a business": stored, emailed to the team and confirmed, rather than only logged. */
export default function SubmitBusiness() {
  const reply = useActionData<typeof action>() as ActionReply;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/submit-business";
  const { errors, onSubmit, fieldProps } = useFormValidation(BusinessApplicationSchema, reply?.fieldErrors);

  return (
    <>
      <PageHero eyebrow="Join Our Network" title="Get a free kiosk for your business">
        <p>
          Local Shine installs and maintains a digital sanitizer kiosk at your door and gives you ad space on
          every screen in the network. It's free. Tell us a little about your business to get started.
        </p>
      </PageHero>

      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <section
          aria-labelledby="application-title"
          className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
        >
          {reply?.ok ? (
            <SubmissionConfirmation
              title="Thank you! Your business is on our list."
              actions={
                <>
                  <Button asChild>
                    <Link to="/map">Explore Our Map</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/submit-business">Submit another business</Link>
                  </Button>
                </>
              }
            >
              <p>We've received your application and our team will reach out within two business days.</p>
            </SubmissionConfirmation>
          ) : (
            <>
              <h2 id="application-title" className="text-2xl font-extrabold text-ink">
                Tell us about your business
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Only the business name is required. Fields marked <span aria-hidden="true">*</span>
                <span className="sr-only">required</span> must be filled in.
              </p>
              <Form method="post" noValidate onSubmit={onSubmit} className="relative mt-6">
                <fieldset disabled={busy} className="space-y-5">
                  <TextField
                    label="Business Name"
                    required
                    autoComplete="organization"
                    field={fieldProps("businessName")}
                    errors={errors.businessName}
                  />
                  <TextField
                    label="Phone Number"
                    type="tel"
                    autoComplete="tel"
                    field={fieldProps("phoneNumber")}
                    errors={errors.phoneNumber}
                  />
                  <TextField
                    label="Website"
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="https://yourbusiness.com"
                    field={fieldProps("website")}
                    errors={errors.website}
                  />
                  <TextField
                    label="Business Address"
                    autoComplete="street-address"
                    field={fieldProps("address")}
                    errors={errors.address}
                  />
                  <HoneypotField />
                  <FieldError
                    id="form-error"
                    errors={errors.form}
                    className="rounded-md bg-destructive/10 p-3"
                  />
                  <Button type="submit" size="lg" variant="warm" className="w-full sm:w-auto">
                    {busy ? <Icon name="loader-circle" className="animate-spin" aria-hidden="true" /> : null}
                    {busy ? "Submitting..." : "SUBMIT BUSINESS LISTING"}
                  </Button>
                </fieldset>
              </Form>
            </>
          )}
        </section>

        <aside aria-labelledby="next-steps-title">
          <h2 id="next-steps-title" className="text-xl font-extrabold text-ink">
            What happens next
          </h2>
          <ol className="mt-5 space-y-5">
            {NEXT_STEPS.map(({ icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-sun/30 text-ink">
                  <Icon name={icon} className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-bold text-ink">{title}</h3>
                  <p className="text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-8 rounded-xl bg-muted p-4 text-sm text-foreground/80">
            Have a question first?{" "}
            <Link to="/contact" className="font-semibold text-primary underline-offset-4 hover:underline">
              Contact us
            </Link>{" "}
            and we'll be glad to help.
          </p>
        </aside>
      </div>
    </>
  );
}
