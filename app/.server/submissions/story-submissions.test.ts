import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseFormData } from "~/lib/form-submission";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { ShareStorySchema } from "~/lib/story-schemas";
import { outbox, storySubmissions } from "../infra/db/schema";
import { STORY_SUBMISSIONS_PER_IP, submitStory } from "./story-submissions";
import { decodeReceived, useServicesWithSmtp } from "../../../tests/support/smtp";

const TEAM_EMAIL = "stories-team@localshine.test";
const STORY =
  "Since the kiosk went in by our register, three new families have become regulars. They saw us on the screen at the car wash!";
const valid = {
  firstName: " Ana ",
  lastName: "Reyes",
  email: "Ana.Reyes@Example.com",
  story: `  ${STORY}  `,
};

/** The dialog's form as the route parses it; the domain takes what passed. */
function parsed(values: Record<string, string>) {
  const submission = parseFormData(new URLSearchParams(values), ShareStorySchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("submitStory (Share Your Local Shine Story)", () => {
  const fixture = useServicesWithSmtp(TEAM_EMAIL, [storySubmissions]);

  it("stores the story and delivers exactly one email to the team over SMTP", async () => {
    const result = await submitStory(fixture.services, { clientIp: "203.0.113.20" }, parsed(valid));
    expect(result).toEqual({ ok: true, id: expect.any(String) });
    const id = (result as { id: string }).id;

    const [row] = await fixture.services.db
      .select()
      .from(storySubmissions)
      .where(eq(storySubmissions.id, id));
    expect(row).toMatchObject({
      firstName: "Ana",
      lastName: "Reyes",
      email: "Ana.Reyes@Example.com",
      story: STORY,
      ipAddress: "203.0.113.20",
      handledAt: null,
    });
    const [queued] = await fixture.services.db.select().from(outbox);
    expect(queued).toMatchObject({
      toAddress: TEAM_EMAIL,
      replyTo: "Ana.Reyes@Example.com",
      reference: `story_submission:${id}`,
      status: "pending",
    });

    expect(await fixture.services.jobs.runOnce()).toEqual({ done: 1, failed: 0 });
    expect(fixture.smtp.received).toHaveLength(1);
    expect(fixture.smtp.received[0].to).toEqual([TEAM_EMAIL]);
    expect(fixture.smtp.received[0].raw).toMatch(/^Reply-To: ana\.reyes@example\.com\r?$/im);
    const [mail] = await decodeReceived(fixture.smtp.received);
    expect(mail.subject).toBe("New Shine Story from Ana Reyes");
    expect(mail.text).toContain(STORY);
    expect(mail.text).toContain("Name: Ana Reyes");
    expect(mail.text).toContain(`Reference: story_submission:${id}`);

    // Delivered once: another run has nothing left to send.
    expect(await fixture.services.jobs.runOnce()).toEqual({ done: 0, failed: 0 });
    expect(fixture.smtp.received).toHaveLength(1);
  });

  it("accepts a story with a pasted NUL character (PostgreSQL text can't hold one)", async () => {
    const result = await submitStory(
      fixture.services,
      { clientIp: "203.0.113.22" },
      parsed({ ...valid, story: `${STORY}\u0000!` }),
    );
    expect(result.ok).toBe(true);
    const [row] = await fixture.services.db.select().from(storySubmissions);
    expect(row.story).toBe(`${STORY}!`);
  });

  it("refuses what the route would: the spec's messages, before anything is stored", async () => {
    const submission = parseFormData(
      new URLSearchParams({ firstName: "", lastName: "x".repeat(51), email: "nope", story: "short" }),
      ShareStorySchema,
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name must be less than 50 characters"],
      email: ["Please enter a valid email address"],
      story: ["Story must be at least 10 characters"],
    });
    expect(await fixture.services.db.select().from(storySubmissions)).toHaveLength(0);
    expect(await fixture.services.db.select().from(outbox)).toHaveLength(0);
  });

  it("drops a bot that fills the honeypot: a fake success, nothing stored, nothing sent", async () => {
    const result = await submitStory(
      fixture.services,
      { clientIp: "198.51.100.9" },
      parsed({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }),
    );
    expect(result).toEqual({ ok: true, id: null });
    expect(await fixture.services.db.select().from(storySubmissions)).toHaveLength(0);
    expect(await fixture.services.db.select().from(outbox)).toHaveLength(0);
    expect((await fixture.services.jobs.runOnce()).done).toBe(0);
    expect(fixture.smtp.received).toHaveLength(0);
  });

  it("rate limits per IP without affecting other visitors", async () => {
    for (let i = 0; i < STORY_SUBMISSIONS_PER_IP.max; i++) {
      expect((await submitStory(fixture.services, { clientIp: "192.0.2.70" }, parsed(valid))).ok).toBe(true);
    }
    const refused = await submitStory(fixture.services, { clientIp: "192.0.2.70" }, parsed(valid));
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      message: expect.stringMatching(/^Too many submissions/),
    });
    expect((await submitStory(fixture.services, { clientIp: "192.0.2.71" }, parsed(valid))).ok).toBe(true);
    expect(await fixture.services.db.select().from(storySubmissions)).toHaveLength(
      STORY_SUBMISSIONS_PER_IP.max + 1,
    );
    expect(await fixture.services.db.select().from(outbox)).toHaveLength(STORY_SUBMISSIONS_PER_IP.max + 1);
  });
});
