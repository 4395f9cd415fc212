import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { ShareStoryInput } from "~/lib/story-schemas";
import type { Database } from "../infra/db/client";
import { storySubmissions } from "../infra/db/schema";
import type { RateLimitRule } from "../infra/rate-limit";
import {
  fieldLines,
  screenSubmission,
  storeAndNotifyTeam,
  subjectText,
  type SubmissionCaller,
  type SubmissionResult,
} from "./submission-guard";

/** Enough for a person who resubmits after a typo, too few to make the team inbox a spam target. */
export const STORY_SUBMISSIONS_PER_IP: RateLimitRule = { window: 60 * 60, max: 5 };

export interface StorySubmissionServices {
  db: Database;
  env: { TEAM_EMAIL: string };
  jobs: { wake(kind?: string): void };
}

/**
 * The share dialog's submission, parsed with ShareStorySchema:
 * limited per client IP, honeypot-screened, then stored in story_submissions with the team email queued in the
 * same transaction: a story is never lost when mail is down, and never emailed unless it was stored.
 */
export async function submitStory(
  { db, env, jobs }: StorySubmissionServices,
  caller: SubmissionCaller,
  input: ShareStoryInput,
): Promise<SubmissionResult> {
  const stop = await screenSubmission(db, {
    form: "story-submission",
    caller,
    rule: STORY_SUBMISSIONS_PER_IP,
    honeypot: input[HONEYPOT_FIELD],
  });
  if (stop) return stop;

  const id = await storeAndNotifyTeam(
    { db, jobs },
    async (tx) => {
      const [row] = await tx
        .insert(storySubmissions)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          story: input.story,
          ipAddress: caller.clientIp,
        })
        .returning({ id: storySubmissions.id, createdAt: storySubmissions.createdAt });
      return row;
    },
    (row) => ({
      to: env.TEAM_EMAIL,
      subject: `New Shine Story from ${subjectText(`${input.firstName} ${input.lastName}`)}`,
      text: teamEmailText(input, row.id, row.createdAt),
      replyTo: input.email,
      reference: `story_submission:${row.id}`,
    }),
  );
  caller.log?.info({ storySubmissionId: id }, "story submission received");
  return { ok: true, id };
}

function teamEmailText(input: ShareStoryInput, id: string, receivedAt: Date): string {
  return [
    "A visitor shared a Local Shine story through the website. Reply to this email to answer them directly.",
    "",
    fieldLines([
      ["Name", `${input.firstName} ${input.lastName}`],
      ["Email", input.email],
    ]),
    "",
    "Their story:",
    "",
    input.story,
    "",
    `Received ${receivedAt.toISOString()}.`,
    `Reference: story_submission:${id}`,
  ].join("\n");
}
