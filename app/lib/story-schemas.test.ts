import { describe, expect, it } from "vitest";
import { parseFormData } from "./form-submission";
import { ShareStorySchema, StoryListSearchSchema } from "./story-schemas";

const valid = {
  firstName: "Ana",
  lastName: "Reyes",
  email: "ana@example.com",
  story: "Our kiosk brought in new regulars.",
};

/** The messages of a form with these values, parsed as the dialog and the server parse it (absent: not sent). */
function errorsFor(values: Record<string, string | undefined>) {
  const sent = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const submission = parseFormData(new URLSearchParams(sent), ShareStorySchema);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("ShareStorySchema (the share story form's rules)", () => {
  it("accepts and trims a valid submission", () => {
    const result = ShareStorySchema.parse({ ...valid, firstName: "  Ana ", story: `  ${valid.story}\n` });
    expect(result).toMatchObject({ ...valid });
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ firstName: undefined }, "firstName", "First name is required"],
    [{ firstName: "a".repeat(51) }, "firstName", "First name must be less than 50 characters"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ lastName: "b".repeat(51) }, "lastName", "Last name must be less than 50 characters"],
    [{ email: "" }, "email", "Please enter a valid email address"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ email: `${"x".repeat(250)}@example.com` }, "email", "Email must be less than 255 characters"],
    [{ story: "too short" }, "story", "Story must be at least 10 characters"],
    [{ story: "   short    " }, "story", "Story must be at least 10 characters"],
    [{ story: "s".repeat(2001) }, "story", "Story must be less than 2000 characters"],
  ])("%o → %s: %s", (override, field, message) => {
    expect(errorsFor({ ...valid, ...override })[field]).toEqual([message]);
  });

  it("allows exactly the limits", () => {
    expect(
      ShareStorySchema.safeParse({
        ...valid,
        firstName: "a".repeat(50),
        lastName: "b".repeat(50),
        story: "s".repeat(2000),
      }).success,
    ).toBe(true);
    expect(ShareStorySchema.safeParse({ ...valid, story: "s".repeat(10) }).success).toBe(true);
  });
});

describe("StoryListSearchSchema", () => {
  it("reads q and featured, ignoring anything malformed", () => {
    expect(StoryListSearchSchema.parse({})).toEqual({ q: "", featured: false });
    expect(StoryListSearchSchema.parse({ q: "  tacos ", featured: "1" })).toEqual({
      q: "tacos",
      featured: true,
    });
    expect(StoryListSearchSchema.parse({ q: "x".repeat(500), featured: "yes" })).toEqual({
      q: "",
      featured: false,
    });
  });
});
