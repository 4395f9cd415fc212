import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Route } from "./+types/submit-business";
import { PageHero } from "~/components/marketing/page-hero";
import { PublicFormCard } from "~/components/marketing/public-form-card";
import { SubmissionConfirmation } from "~/components/marketing/submission-confirmation";
import { Button } from "~/components/ui/button";
import { Field, replyFields } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { BusinessApplicationSchema } from "~/lib/marketing-schemas";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import type { PageHandle } from "~/lib/page-handle";
import { submitPublicForm } from "~/.server/actions/form-actions";
import { submitBusinessApplication } from "~/.server/submissions/business-applications";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Join Our Network | Local Shine",
    description:
      "Apply for a free Local Shine sanitizer kiosk with free ad space for your business. No contracts, no fees: tell us about your business and we'll be in touch.",
    path: "/submit-business",
    appUrl: appUrlFrom(matches),
  });

/** Visitors get the page without React: the form posts and is answered with a page (decision 071). */
export const handle: PageHandle = { hydrate: false, islands: ["busy-form"], formPage: true };

export function action(args: Route.ActionArgs) {
  return submitPublicForm(args, BusinessApplicationSchema, submitBusinessApplication);
}

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

/** docs/product.md#join-our-network: stored, emailed to the team and confirmed, rather than only logged. */
export default function SubmitBusiness({ actionData: reply }: Route.ComponentProps) {
  const [form, fields] = replyFields(
    "submit-business",
    ["businessName", "phoneNumber", "email", "website", "address"] as const,
    reply?.result,
  );

  return (
    <>
      <PageHero eyebrow="Join Our Network" title="Get a free kiosk for your business">
        <p>
          Local Shine installs and maintains a digital sanitizer kiosk at your door and gives you ad space on
          every screen in the network. It's free. Tell us a little about your business to get started.
        </p>
      </PageHero>

      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <PublicFormCard
          form={form}
          title="Tell us about your business"
          intro={
            <>
              Only the business name is required, plus a phone number or an email so we can reach you. Fields
              marked <span aria-hidden="true">*</span>
              <span className="sr-only">required</span> must be filled in.
            </>
          }
          submit={{ label: "SUBMIT BUSINESS LISTING", busyLabel: "Submitting...", variant: "warm" }}
          confirmation={
            reply?.ok ? (
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
            ) : null
          }
        >
          <Field field={fields.businessName} label="Business Name" required>
            <Input autoComplete="organization" />
          </Field>
          <fieldset className="space-y-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-semibold">How can we reach you?</legend>
            <p className="text-sm text-muted-foreground">
              We'll call or write to plan your kiosk: a phone number or an email is enough.
            </p>
            <Field field={fields.phoneNumber} label="Phone Number">
              <Input type="tel" autoComplete="tel" />
            </Field>
            <Field field={fields.email} label="Email">
              <Input type="email" autoComplete="email" />
            </Field>
          </fieldset>
          <Field field={fields.website} label="Website" markOptional>
            <Input type="url" inputMode="url" autoComplete="url" placeholder="yourbusiness.com" />
          </Field>
          <Field field={fields.address} label="Business Address" markOptional>
            <Input autoComplete="street-address" />
          </Field>
        </PublicFormCard>

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
