import type { Logger } from "pino";
import { HONEYPOT_FIELD, ShareStorySchema, type ShareStoryInput } from "~/lib/story-schemas";
import { fieldErrorsOf, type FieldErrors } from "~/lib/use-form-validation";
import type { Database } from "../db/client";
import { storySubmissions } from "../db/schema";
import { enqueueEmail } from "../mail";
import { hitRateLimit, type RateLimitRule } from "../rate-limit";

/** Enough for a person who resubmits after a typo, too few to make the team inbox a spam target. */
export const STORY_SUBMISSION_RATE_LIMIT: RateLimitRule = { window: 60 * 60, max: 5 };

export interface StorySubmissionServices {
  db: Database;
  env: { TEAM_EMAIL: string };
  mailer: { wake(): void };
}

export interface StorySubmissionCaller {
  clientIp: string;
  log?: Pick<Logger, "info">;
}

export type SubmitStoryResult =
  | { status: "submitted"; id: string }
  /** The honeypot was filled: nothing is stored, and the caller answers as if it worked. */
  | { status: "dropped" }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate-limited"; retryAfter: number };

/**
 * The share dialog's submission (spec §7 "Submit story", which leaves its effect open): validated with the
 * form's schema, limited per client IP, stored in story_submissions and an email to TEAM_EMAIL queued in the same
 * transaction, so a submission is never lost when mail is down and never emailed unless it was stored.
 */
export async function submitStory(
  services: StorySubmissionServices,
  values: Record<string, unknown>,
  caller: StorySubmissionCaller,
): Promise<SubmitStoryResult> {
  const honeypot = values[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    caller.log?.info({ clientIp: caller.clientIp }, "story submission dropped: honeypot filled");
    return { status: "dropped" };
  }

  const parsed = ShareStorySchema.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };

  const limit = await hitRateLimit(services.db, `story-submission:${caller.clientIp}`, STORY_SUBMISSION_RATE_LIMIT);
  if (!limit.allowed) return { status: "rate-limited", retryAfter: limit.retryAfter };

  const input = parsed.data;
  const id = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storySubmissions)
      .values({ ...input, ipAddress: caller.clientIp })
      .returning({ id: storySubmissions.id, createdAt: storySubmissions.createdAt });
    await enqueueEmail(tx, {
      to: services.env.TEAM_EMAIL,
      subject: `New Shine Story from ${oneLine(`${input.firstName} ${input.lastName}`)}`,
      text: teamEmailText(input, row.id, row.createdAt),
      replyTo: input.email,
      reference: `story_submission:${row.id}`,
    });
    return row.id;
  });
  services.mailer.wake();
  caller.log?.info({ submissionId: id }, "story submission stored and team email queued");
  return { status: "submitted", id };
}

/** Header-safe: a name can't carry line breaks into the subject. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function teamEmailText(input: ShareStoryInput, id: string, submittedAt: Date): string {
  return [
    "A visitor shared a Local Shine story through the website.",
    "",
    `Name: ${oneLine(`${input.firstName} ${input.lastName}`)}`,
    `Email: ${input.email}`,
    `Submitted: ${submittedAt.toISOString()}`,
    `Submission: ${id}`,
    "",
    "Their story:",
    "",
    input.story,
    "",
    "Reply to this email to answer them directly.",
  ].join("\n");
}
