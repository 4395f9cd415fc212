import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  BusinessApplicationSchema,
  CONTACT_WAY_MESSAGE,
  ContactMessageSchema,
} from "~/lib/marketing-schemas";
import { businessApplications, contactMessages, outbox } from "../infra/db/schema";
import { APPLICATIONS_PER_IP, submitBusinessApplication } from "./business-applications";
import { sendContactMessage } from "./contact-messages";
import { decodeReceived, useServicesWithSmtp } from "../../../tests/support/smtp";

const TEAM_EMAIL = "team@localshine.test";

describe("public submissions (Join Our Network, Contact)", () => {
  const fixture = useServicesWithSmtp(TEAM_EMAIL);

  it("stores an application and delivers exactly one team email over SMTP", async () => {
    const input = BusinessApplicationSchema.parse({
      businessName: "Topanga Tacos",
      phoneNumber: "(818) 555-0142",
      website: "topangatacos.example",
      address: "22000 Ventura Blvd, Woodland Hills, CA 91364",
    });
    const result = await submitBusinessApplication(fixture.services, { clientIp: "203.0.113.7" }, input);
    expect(result).toEqual({ ok: true, id: expect.any(String) });
    const id = (result as { id: string }).id;

    const [row] = await fixture.services.db
      .select()
      .from(businessApplications)
      .where(eq(businessApplications.id, id));
    expect(row).toMatchObject({
      businessName: "Topanga Tacos",
      phoneNumber: "(818) 555-0142",
      website: "https://topangatacos.example",
      address: "22000 Ventura Blvd, Woodland Hills, CA 91364",
      ipAddress: "203.0.113.7",
    });

    expect(await fixture.services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(fixture.smtp.received).toHaveLength(1);
    expect(fixture.smtp.received[0].to).toEqual([TEAM_EMAIL]);
    const [mail] = await decodeReceived(fixture.smtp.received);
    expect(mail.subject).toBe("New business application: Topanga Tacos");
    expect(mail.text).toContain("Business name: Topanga Tacos");
    expect(mail.text).toContain("Phone number: (818) 555-0142");
    expect(mail.text).toContain("Website: https://topangatacos.example");
    expect(mail.text).toContain("Business address: 22000 Ventura Blvd, Woodland Hills, CA 91364");
    expect(mail.text).toContain(`Reference: business_application:${id}`);

    const [queued] = await fixture.services.db.select().from(outbox);
    expect(queued).toMatchObject({ status: "sent", reference: `business_application:${id}`, replyTo: null });
  });

  it("stores a contact message and emails the team with Reply-To set to the visitor", async () => {
    const input = ContactMessageSchema.parse({
      name: "Maya Lopez",
      email: "Maya@Example.com",
      message: "Could a kiosk fit in a 400 square foot salon? We're on Topanga Canyon.",
    });
    const result = await sendContactMessage(fixture.services, { clientIp: "203.0.113.8" }, input);
    expect(result.ok).toBe(true);
    const id = (result as { id: string }).id;
    const [row] = await fixture.services.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: "Maya Lopez", email: "maya@example.com", ipAddress: "203.0.113.8" });

    expect(await fixture.services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(fixture.smtp.received).toHaveLength(1);
    expect(fixture.smtp.received[0].raw).toMatch(/^Reply-To: maya@example\.com\r?$/im);
    const [mail] = await decodeReceived(fixture.smtp.received);
    expect(mail.to).toBe(TEAM_EMAIL);
    expect(mail.subject).toBe("New contact message from Maya Lopez");
    expect(mail.text).toContain("Could a kiosk fit in a 400 square foot salon? We're on Topanga Canyon.");
    expect(mail.text).toContain(`Reference: contact_message:${id}`);
  });

  it("drops a bot that fills the honeypot: a fake success, nothing stored, nothing sent", async () => {
    const before = (await fixture.services.db.select().from(businessApplications)).length;
    const bot = BusinessApplicationSchema.parse({
      businessName: "Cheap Pills",
      [HONEYPOT_FIELD]: "555-1234",
    });
    expect(await submitBusinessApplication(fixture.services, { clientIp: "198.51.100.1" }, bot)).toEqual({
      ok: true,
      id: null,
    });
    const spam = ContactMessageSchema.parse({
      name: "Bot",
      email: "bot@spam.example",
      message: "Buy followers now!!!",
      [HONEYPOT_FIELD]: "x",
    });
    expect(await sendContactMessage(fixture.services, { clientIp: "198.51.100.1" }, spam)).toEqual({
      ok: true,
      id: null,
    });
    expect(await fixture.services.db.select().from(businessApplications)).toHaveLength(before);
    expect(await fixture.services.db.select().from(outbox)).toHaveLength(0);
    expect((await fixture.services.jobs.runOnce()).done).toBe(0);
    expect(fixture.smtp.received).toHaveLength(0);
  });

  it("asks for a phone number or an email, and stores either one", async () => {
    const nameOnly = BusinessApplicationSchema.parse({
      businessName: "Quiet Corner",
      website: "patsbakery.com",
    });
    expect(nameOnly.website).toBe("https://patsbakery.com");
    const before = (await fixture.services.db.select().from(businessApplications)).length;
    expect(await submitBusinessApplication(fixture.services, { clientIp: "192.0.2.60" }, nameOnly)).toEqual({
      ok: false,
      status: 400,
      message: CONTACT_WAY_MESSAGE,
    });
    expect(await fixture.services.db.select().from(businessApplications)).toHaveLength(before);

    const byEmail = BusinessApplicationSchema.parse({
      businessName: "Quiet Corner",
      email: "pat@quiet.example",
    });
    const stored = await submitBusinessApplication(fixture.services, { clientIp: "192.0.2.60" }, byEmail);
    expect(stored.ok).toBe(true);
    const [row] = await fixture.services.db
      .select()
      .from(businessApplications)
      .where(eq(businessApplications.id, (stored as { id: string }).id));
    expect(row).toMatchObject({ email: "pat@quiet.example", phoneNumber: null });
    expect(BusinessApplicationSchema.safeParse({ businessName: "X", email: "not-an-email" }).success).toBe(
      false,
    );
  });

  it("rate limits per IP without affecting other visitors", async () => {
    const input = BusinessApplicationSchema.parse({
      businessName: "Reseda Repairs",
      email: "hi@reseda.example",
    });
    for (let i = 0; i < APPLICATIONS_PER_IP.max; i++) {
      expect((await submitBusinessApplication(fixture.services, { clientIp: "192.0.2.50" }, input)).ok).toBe(
        true,
      );
    }
    const refused = await submitBusinessApplication(fixture.services, { clientIp: "192.0.2.50" }, input);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect((refused as { message: string }).message).toMatch(
      /^Too many submissions .* try again in \d+ minutes?\.$/,
    );
    expect((await submitBusinessApplication(fixture.services, { clientIp: "192.0.2.51" }, input)).ok).toBe(
      true,
    );
    // Only the accepted ones were queued.
    expect(await fixture.services.db.select().from(outbox)).toHaveLength(APPLICATIONS_PER_IP.max + 1);
  });
});
