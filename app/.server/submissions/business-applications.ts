import { CONTACT_WAY_MESSAGE, type BusinessApplicationInput } from "~/lib/marketing-schemas";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { businessApplications } from "../infra/db/schema";
import type { Services } from "../services";
import {
  fieldLines,
  screenSubmission,
  storeAndNotifyTeam,
  subjectText,
  type SubmissionCaller,
  type SubmissionResult,
} from "./submission-guard";

/** Generous enough for an office sharing one address, tight enough that a script can't flood the team inbox. */
export const APPLICATIONS_PER_IP = { window: 60 * 60, max: 10 };

/**
 * Join Our Network (docs/product.md#join-our-network). Logging the values is not enough: a lost lead is lost money, so
 * the application is stored and the team email is queued in the same transaction: both exist, or neither does.
 */
export async function submitBusinessApplication(
  { db, env, jobs }: Pick<Services, "db" | "env" | "jobs">,
  caller: SubmissionCaller,
  input: BusinessApplicationInput,
): Promise<SubmissionResult> {
  // The page promises a call: an application nobody can answer is refused before it is counted or stored.
  if (!input.phoneNumber && !input.email && !input[HONEYPOT_FIELD]) {
    return { ok: false, status: 400, message: CONTACT_WAY_MESSAGE };
  }
  const stop = await screenSubmission(db, {
    form: "business-application",
    caller,
    rule: APPLICATIONS_PER_IP,
    honeypot: input[HONEYPOT_FIELD],
  });
  if (stop) return stop;

  const id = await storeAndNotifyTeam(
    { db, jobs },
    async (tx) => {
      const [row] = await tx
        .insert(businessApplications)
        .values({
          businessName: input.businessName,
          phoneNumber: input.phoneNumber ?? null,
          email: input.email ?? null,
          website: input.website ?? null,
          address: input.address ?? null,
          ipAddress: caller.clientIp,
        })
        .returning({ id: businessApplications.id, createdAt: businessApplications.createdAt });
      return row;
    },
    (row) => ({
      to: env.TEAM_EMAIL,
      subject: `New business application: ${subjectText(input.businessName)}`,
      text: [
        "A business would like to join the Local Shine network.",
        "",
        fieldLines([
          ["Business name", input.businessName],
          ["Phone number", input.phoneNumber],
          ["Email", input.email],
          ["Website", input.website],
          ["Business address", input.address],
        ]),
        "",
        `Received ${row.createdAt.toISOString()}.`,
        `Reference: business_application:${row.id}`,
      ].join("\n"),
      reference: `business_application:${row.id}`,
    }),
  );
  caller.log?.info({ businessApplicationId: id }, "business application received");
  return { ok: true, id };
}
