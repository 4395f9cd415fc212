import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { HoneypotField } from "~/components/marketing/honeypot-field";
import { PageHero } from "~/components/marketing/page-hero";
import { SubmissionConfirmation } from "~/components/marketing/submission-confirmation";
import { TextField } from "~/components/marketing/text-field";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { CONTACT_MESSAGE_MAX_LENGTH, ContactMessageSchema } from "~/lib/marketing-schemas";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import { useFormValidation, type FieldErrors } from "~/lib/use-form-validation";
import { parseForm } from "~/.server/accounts/action-helpers";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { sendContactMessage } from "~/.server/submissions/contact-messages";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Contact | Local Shine",
    description:
      "Questions about free sanitizer kiosks, advertising on the Local Shine network or a partner business? Send us a message and we'll reply by email.",
    path: "/contact",
    appUrl: appUrlFrom(matches),
  });

export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseForm(request, ContactMessageSchema);
  const { clientIp, log } = getRequestInfo(context);
  const result = await sendContactMessage(getServicesFrom(context), { clientIp, log }, input);
  if (!result.ok)
    return data({ ok: false as const, fieldErrors: { form: [result.message] } }, { status: result.status });
  return { ok: true as const };
}

type ActionReply = { ok?: boolean; fieldErrors?: FieldErrors } | undefined;

/** The header's Contact link (its target is open in the spec): a message stored and emailed to the team. */
export default function Contact() {
  const reply = useActionData<typeof action>() as ActionReply;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { errors, onSubmit, fieldProps } = useFormValidation(ContactMessageSchema, reply?.fieldErrors);

  return (
    <>
      <PageHero eyebrow="Contact" title="We'd love to hear from you">
        <p>
          Curious about hosting a kiosk, advertising on the network, or something you saw on a screen? Send us
          a note and a real person on our team will write back.
        </p>
      </PageHero>

      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
        >
          {reply?.ok ? (
            <SubmissionConfirmation
              title="Thanks! Your message is on its way."
              actions={
                <>
                  <Button asChild>
                    <Link to="/">Back to Home</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/contact">Send another message</Link>
                  </Button>
                </>
              }
            >
              <p>Our team usually replies within one business day, by email.</p>
            </SubmissionConfirmation>
          ) : (
            <>
              <h2 id="contact-form-title" className="text-2xl font-extrabold text-ink">
                Send us a message
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                All fields are required. We reply to the email address you give us.
              </p>
              <Form method="post" noValidate onSubmit={onSubmit} className="relative mt-6">
                <fieldset disabled={busy} className="space-y-5">
                  <div className="grid gap-5 sm:grid-cols-2">
                    <TextField
                      label="Name"
                      required
                      autoComplete="name"
                      field={fieldProps("name")}
                      errors={errors.name}
                    />
                    <TextField
                      label="Email"
                      required
                      type="email"
                      autoComplete="email"
                      field={fieldProps("email")}
                      errors={errors.email}
                    />
                  </div>
                  <TextField
                    label="Message"
                    required
                    multiline
                    maxLength={CONTACT_MESSAGE_MAX_LENGTH}
                    field={fieldProps("message")}
                    errors={errors.message}
                  />
                  <HoneypotField />
                  <FieldError
                    id="form-error"
                    errors={errors.form}
                    className="rounded-md bg-destructive/10 p-3"
                  />
                  <Button type="submit" size="lg" className="w-full sm:w-auto">
                    {busy ? <Icon name="loader-circle" className="animate-spin" aria-hidden="true" /> : null}
                    {busy ? "Sending..." : "Send Message"}
                  </Button>
                </fieldset>
              </Form>
            </>
          )}
        </section>

        <aside aria-labelledby="other-ways-title" className="space-y-6">
          <h2 id="other-ways-title" className="text-xl font-extrabold text-ink">
            Other ways to reach us
          </h2>
          <ContactTile icon="store" title="Own a business?">
            Skip the back-and-forth:{" "}
            <Link
              to="/submit-business"
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              apply for a free kiosk
            </Link>
            .
          </ContactTile>
          <ContactTile icon="map-pin" title="Where we are">
            Based in Woodland Hills, serving the San Fernando Valley and growing across California.
          </ContactTile>
          <ContactTile icon="mail" title="Press and partnerships">
            Use the form and mention it in your message; it goes straight to the right person.
          </ContactTile>
        </aside>
      </div>
    </>
  );
}

function ContactTile({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-secondary text-primary">
        <Icon name={icon} className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="font-bold text-ink">{title}</h3>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
