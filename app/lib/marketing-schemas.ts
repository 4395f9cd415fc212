import { multiline, oneLine } from "./form-fields";
import { HONEYPOT_FIELD, honeypotField } from "./honeypot";
import { INVALID_WEBSITE_MESSAGE, withWebScheme } from "./web-url";
import { z } from "./zod";

/** An optional one-line field: trimmed, at most `max` characters, and `undefined` when left empty. */
function optionalText(label: string, max: number, tooLong: string) {
  return oneLine(label)
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * "example.com" is what people type; a scheme is added before checking, so the stored value is always a full
 * http(s) URL that the team can click.
 */
const website = oneLine("Website")
  .max(500, "Website must be less than 500 characters")
  .optional()
  .transform((value) => (value ? withWebScheme(value) : undefined))
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: INVALID_WEBSITE_MESSAGE,
      })
      .optional(),
  );

/**
 * docs/product.md#join-our-network-form: only Business Name is required here; the payload names are the field
 * names. The server also asks for one way to reach the applicant, phone or email (CONTACT_WAY_MESSAGE).
 */
export const BusinessApplicationSchema = z.object({
  businessName: oneLine("Business name", "Business name is required")
    .min(1, "Business name is required")
    .max(200, "Business name must be less than 200 characters"),
  phoneNumber: optionalText("Phone number", 40, "Phone number must be less than 40 characters").pipe(
    z
      .string()
      .regex(/^[0-9+()\-.\s]*(?:(?:ext\.?|x)\s*\d+)?$/i, "Please enter a valid phone number")
      .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, "Please enter a valid phone number")
      .optional(),
  ),
  email: optionalText("Email", 255, "Email must be less than 255 characters").pipe(
    z.email("Please enter a valid email address").optional(),
  ),
  website,
  address: optionalText("Business address", 300, "Business address must be less than 300 characters"),
  [HONEYPOT_FIELD]: honeypotField,
});
export type BusinessApplicationInput = z.infer<typeof BusinessApplicationSchema>;

/** The server's answer to an application with neither a phone number nor an email. */
export const CONTACT_WAY_MESSAGE =
  "Please give us a phone number or an email address so we can reach you about your kiosk.";

/** The Contact page (the header's Contact link, whose target the spec leaves open). */
export const ContactMessageSchema = z.object({
  name: oneLine("Name", "Name is required")
    .min(1, "Name is required")
    .max(100, "Name must be less than 100 characters"),
  email: oneLine("Email", "Email is required")
    .min(1, "Email is required")
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Please enter a valid email address")),
  message: multiline("Message is required")
    .min(1, "Message is required")
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be less than 5000 characters"),
  [HONEYPOT_FIELD]: honeypotField,
});
export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
