import { Icon } from "~/components/ui/icon";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { contactCountPath, displayHost, telHref, webUrl } from "~/lib/web-url";

export interface BusinessContactData {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
}

// Contact actions are counted (docs/product.md#results): website and directions links go through /go/…, which
// counts and redirects; phone and email links keep their own href (copyable, shown on hover) and ping /go/….

/** External links leave the site in a new tab without handing it a reference to this page. */
const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;

/** docs/product.md#one-business: Contact Information (address, city/state/zip, phone, email, Visit Website). */
export function ContactInformation({ business }: { business: BusinessContactData }) {
  const website = webUrl(business.website);
  const tel = business.phone ? telHref(business.phone) : null;
  return (
    <section aria-labelledby="contact-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="contact-heading" className="text-lg font-bold text-ink">
        Contact Information
      </h2>
      <ul className="mt-4 space-y-4 text-sm">
        <ContactRow icon={<Icon name="map-pin" />}>
          <address className="not-italic">
            {business.address}
            <br />
            {business.city}, {business.state} {business.zipCode}
          </address>
          <a
            href={contactCountPath(business.id, "directions")}
            {...EXTERNAL}
            className="mt-1 inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            Get Directions
            <span className="sr-only"> to {business.name} (opens in a new tab)</span>
            <Icon name="external-link" className="size-3.5" aria-hidden="true" />
          </a>
        </ContactRow>
        {business.phone ? (
          <ContactRow icon={<Icon name="phone" />}>
            {tel ? (
              <a
                href={tel}
                ping={contactCountPath(business.id, "call")}
                className="font-medium text-primary hover:underline"
              >
                {business.phone}
              </a>
            ) : (
              business.phone
            )}
          </ContactRow>
        ) : null}
        {business.email ? (
          <ContactRow icon={<Icon name="mail" />}>
            <a
              href={`mailto:${business.email}`}
              ping={contactCountPath(business.id, "email")}
              className="font-medium break-all text-primary hover:underline"
            >
              {business.email}
            </a>
          </ContactRow>
        ) : null}
        {website ? (
          <ContactRow icon={<Icon name="globe" />}>
            <a
              href={contactCountPath(business.id, "website")}
              {...EXTERNAL}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              Visit Website
              <span className="sr-only"> of {business.name} (opens in a new tab)</span>
              <Icon name="external-link" className="size-3.5" aria-hidden="true" />
            </a>
            <span className="block text-xs text-muted-foreground">{displayHost(website)}</span>
          </ContactRow>
        ) : null}
      </ul>
    </section>
  );
}

function ContactRow({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-primary [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">{children}</div>
    </li>
  );
}

/**
 * docs/product.md#one-business: a 'Ready to Connect' card with Call Now and Visit Website (each shown when the business
 * has one).
 */
export function ReadyToConnect({ business }: { business: BusinessContactData }) {
  const website = webUrl(business.website);
  const tel = business.phone ? telHref(business.phone) : null;
  if (!tel && !website) return null;
  return (
    <section aria-labelledby="connect-heading" className="rounded-2xl bg-ink p-6 text-white shadow-sm">
      <h2 id="connect-heading" className="text-lg font-bold">
        Ready to Connect
      </h2>
      <p className="mt-2 text-sm text-white/75">
        Reach out to {business.name} today, and mention the Local Shine kiosk.
      </p>
      <div className="mt-5 grid gap-3">
        {tel ? (
          <Button asChild variant="warm" size="lg">
            <a href={tel} ping={contactCountPath(business.id, "call")}>
              <Icon name="phone-call" aria-hidden="true" />
              Call Now
            </a>
          </Button>
        ) : null}
        {website ? (
          <Button
            asChild
            variant="outline"
            size="lg"
            className="border-white/30 bg-transparent text-white hover:bg-white/10 hover:text-white"
          >
            <a href={contactCountPath(business.id, "website")} {...EXTERNAL}>
              <Icon name="globe" aria-hidden="true" />
              Visit Website
              <span className="sr-only"> of {business.name} (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
