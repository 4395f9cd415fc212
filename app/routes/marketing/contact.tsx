import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/marketing/page-hero";
import { PublicFormCard } from "~/components/marketing/public-form-card";
import { SubmissionConfirmation } from "~/components/marketing/submission-confirmation";
import { Button } from "~/components/ui/button";
import { Field, replyFields } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CONTACT_MESSAGE_MAX_LENGTH, ContactMessageSchema } from "~/lib/marketing-schemas";
import { appUrlFrom, seoMeta } from "~/lib/seo";
import type { PageHandle } from "~/lib/page-handle";
import { submitPublicForm } from "~/.server/actions/form-actions";
import { sendContactMessage } from "~/.server/submissions/contact-messages";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Contact | Local Shine",
    description:
      "Questions about free sanitizer kiosks, advertising on the Local Shine network or a partner business? Send us a message and we'll reply by email.",
    path: "/contact",
    appUrl: appUrlFrom(matches),
  });

/** Visitors get the page without React: the form posts and is answered with a page (decision 071). */
export const handle: PageHandle = { hydrate: false, islands: ["busy-form"], formPage: true };

export function action(args: Route.ActionArgs) {
  return submitPublicForm(args, ContactMessageSchema, sendContactMessage);
}

/** The header's Contact link (its target is open in the spec): a message stored and emailed to the team. */
export default function Contact({ actionData: reply }: Route.ComponentProps) {
  const [form, fields] = replyFields("contact", ["name", "email", "message"] as const, reply?.result);

  return (
    <>
      <PageHero eyebrow="Contact" title="We'd love to hear from you">
        <p>
          Curious about hosting a kiosk, advertising on the network, or something you saw on a screen? Send us
          a note and a real person on our team will write back.
        </p>
      </PageHero>

      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <PublicFormCard
          form={form}
          title="Send us a message"
          intro="All fields are required. We reply to the email address you give us."
          submit={{ label: "Send Message", busyLabel: "Sending..." }}
          confirmation={
            reply?.ok ? (
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
            ) : null
          }
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <Field field={fields.name} label="Name" required>
              <Input autoComplete="name" />
            </Field>
            <Field field={fields.email} label="Email" required>
              <Input type="email" autoComplete="email" />
            </Field>
          </div>
          <Field field={fields.message} label="Message" required>
            <Textarea rows={6} className="min-h-36" maxLength={CONTACT_MESSAGE_MAX_LENGTH} />
          </Field>
        </PublicFormCard>

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
