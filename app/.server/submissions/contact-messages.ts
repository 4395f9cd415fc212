import type { ContactMessageInput } from "~/lib/marketing-schemas";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { contactMessages } from "../infra/db/schema";
import type { Services } from "../services";
import {
  fieldLines,
  screenSubmission,
  storeAndNotifyTeam,
  subjectText,
  type SubmissionCaller,
  type SubmissionResult,
} from "./submission-guard";

export const CONTACT_MESSAGES_PER_IP = { window: 10 * 60, max: 5 };

/**
 * The Contact page. Stored and emailed to the team in one transaction (like Join Our Network); the email's
 * Reply-To is the visitor, so the team answers with one click.
 */
export async function sendContactMessage(
  { db, env, jobs }: Pick<Services, "db" | "env" | "jobs">,
  caller: SubmissionCaller,
  input: ContactMessageInput,
): Promise<SubmissionResult> {
  const stop = await screenSubmission(db, {
    form: "contact-message",
    caller,
    rule: CONTACT_MESSAGES_PER_IP,
    honeypot: input[HONEYPOT_FIELD],
  });
  if (stop) return stop;

  const email = input.email.toLowerCase();
  const id = await storeAndNotifyTeam(
    { db, jobs },
    async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: input.name, email, message: input.message, ipAddress: caller.clientIp })
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      return row;
    },
    (row) => ({
      to: env.TEAM_EMAIL,
      subject: `New contact message from ${subjectText(input.name)}`,
      text: [
        fieldLines([
          ["Name", input.name],
          ["Email", email],
        ]),
        "",
        input.message,
        "",
        `Received ${row.createdAt.toISOString()}. Reply to this email to answer ${subjectText(input.name, 100)}.`,
        `Reference: contact_message:${row.id}`,
      ].join("\n"),
      replyTo: email,
      reference: `contact_message:${row.id}`,
    }),
  );
  caller.log?.info({ contactMessageId: id }, "contact message received");
  return { ok: true, id };
}
