import { describe, expect, it } from "vitest";
import { InboxItemActionSchema, InboxSearchSchema } from "./admin-inbox-schemas";
import { AdminStorySchema, AdminStorySearchSchema, DeleteStorySchema } from "./admin-story-schemas";
import { ForgotPasswordSchema, ResetPasswordSchema, SignInSchema } from "./auth-schemas";
import { BusinessSchema, DeleteBusinessSchema, ManageSearchSchema } from "./business-schemas";
import { DirectorySearchSchema } from "./directory-search-schema";
import { cleanMultiline, controlCharacterMessage } from "./form-fields";
import { HONEYPOT_FIELD } from "./honeypot";
import { BusinessApplicationSchema, ContactMessageSchema } from "./marketing-schemas";
import { DeleteMediaSchema, MediaUploadSchema } from "./media";
import { ShareStorySchema, StoryListSearchSchema } from "./story-schemas";
import type { z } from "zod";

// Every text field of every shared schema (the browser's check and the server's) refuses or strips control
// characters and lone surrogates (docs/security.md "Control characters"). A field added to a schema without a
// sample here fails the first test, so no field can skip the second.

const PASSWORD = "quiet-orchard-4410";
const UUID = "0b5e8f7e-4c36-4c5b-9a3e-2f2f1b1b9c11";
const STORY_TEXT = "Our kiosk brought in new regulars every week.";

type Case = { schema: z.ZodObject; sample: Record<string, string>; notText?: string[] };
const CASES: Record<string, Case> = {
  SignInSchema: {
    schema: SignInSchema,
    sample: { intent: "signin", email: "ana@example.com", password: PASSWORD, redirectTo: "/dashboard" },
    notText: ["intent", "rememberMe"],
  },
  ForgotPasswordSchema: { schema: ForgotPasswordSchema, sample: { email: "ana@example.com" } },
  ResetPasswordSchema: {
    schema: ResetPasswordSchema,
    sample: { token: "abcDEF123", password: PASSWORD, confirmPassword: PASSWORD },
  },
  BusinessApplicationSchema: {
    schema: BusinessApplicationSchema,
    sample: {
      businessName: "Sunrise Café",
      phoneNumber: "(818) 555-0142",
      email: "ana@example.com",
      website: "sunrise.example.com",
      address: "1 Ventura Blvd",
    },
    notText: ["company_fax"],
  },
  ContactMessageSchema: {
    schema: ContactMessageSchema,
    sample: { name: "Ana Reyes", email: "ana@example.com", message: STORY_TEXT },
    notText: ["company_fax"],
  },
  ShareStorySchema: {
    schema: ShareStorySchema,
    sample: {
      firstName: "Ana",
      lastName: "Reyes",
      email: "ana@example.com",
      story: STORY_TEXT,
      returnTo: "/story/5d0f",
    },
    notText: [HONEYPOT_FIELD],
  },
  BusinessSchema: {
    schema: BusinessSchema,
    sample: {
      name: "Sunrise Café",
      description: "Breakfast all day.\nFamily owned.",
      industry: "food-industry",
      address: "1 Ventura Blvd",
      city: "Woodland Hills",
      state: "CA",
      zip_code: "91367",
      phone: "818-555-0142",
      email: "hello@sunrise.example.com",
      website: "https://sunrise.example.com",
      offer_text: "10% off",
      owner_name: "Ana Reyes",
      owner_bio: "Baker.",
      quality_description: "Fresh daily.",
      community_description: "Local staff.",
      sustainability_description: "Compost.",
      hours: JSON.stringify(
        Object.fromEntries(
          ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [
            day,
            [{ opens: "09:00", closes: "17:00" }],
          ]),
        ),
      ),
    },
    notText: ["rating", "review_count", "show_kiosk_plays", "image", "owner_image"],
  },
  DeleteBusinessSchema: {
    schema: DeleteBusinessSchema,
    sample: { intent: "delete", id: UUID },
    notText: ["intent"],
  },
  AdminStorySchema: {
    schema: AdminStorySchema,
    sample: {
      title: "A patio full on Saturday",
      short_description: "How a kiosk filled a patio.",
      description: STORY_TEXT,
      content: "## Saturday\n\nIt was *busy*.",
      industry: "food-industry",
      author: "Ana Reyes",
      publish_date: "2026-03-01",
      business_id: UUID,
    },
    notText: ["is_featured", "background_image"],
  },
  DeleteStorySchema: {
    schema: DeleteStorySchema,
    sample: { intent: "delete", id: UUID },
    notText: ["intent"],
  },
  InboxItemActionSchema: {
    schema: InboxItemActionSchema,
    sample: { intent: "handle", kind: "contact_message", id: UUID },
    notText: ["intent", "kind"],
  },
  MediaUploadSchema: {
    schema: MediaUploadSchema,
    sample: { title: "Spring banner", description: "For the window.", notes: "Print A3." },
  },
  DeleteMediaSchema: {
    schema: DeleteMediaSchema,
    sample: { intent: "delete", id: UUID },
    notText: ["intent"],
  },
  // Query strings never fail a page: their text fields must come out clean instead.
  DirectorySearchSchema: {
    schema: DirectorySearchSchema,
    sample: { industry: "food-industry", zip: "913" },
    notText: ["page"],
  },
  ManageSearchSchema: { schema: ManageSearchSchema, sample: { q: "sunrise" }, notText: ["page"] },
  AdminStorySearchSchema: {
    schema: AdminStorySearchSchema,
    sample: { q: "patio", industry: "food-industry" },
    notText: ["featured", "page"],
  },
  StoryListSearchSchema: { schema: StoryListSearchSchema, sample: { q: "patio" }, notText: ["featured"] },
  InboxSearchSchema: {
    schema: InboxSearchSchema,
    sample: { tab: "messages", show: "all" },
    notText: ["page"],
  },
};

const HOSTILE = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\ud800",
  "\udfff",
];
/** What no stored or queried text may hold; tab, line feed and carriage return are judged per field below. */
const UNCLEAN = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

describe("control characters in every shared schema", () => {
  for (const [name, { schema, sample, notText = [] }] of Object.entries(CASES)) {
    it(`${name}: the sample is valid and covers every text field`, () => {
      expect(schema.safeParse(sample).error?.issues).toBeUndefined();
      const textFields = Object.keys(schema.shape).filter((key) => !notText.includes(key));
      expect(
        Object.keys(sample)
          .filter((key) => !notText.includes(key))
          .sort(),
      ).toEqual(textFields.sort());
    });

    for (const field of Object.keys(sample).filter((key) => !notText.includes(key))) {
      it.each(HOSTILE.map((bad) => [JSON.stringify(bad), bad]))(
        `${name}.${field} with %s inside: refused on that field, or stored without it`,
        (_shown, bad) => {
          const value = sample[field]!;
          const result = schema.safeParse({
            ...sample,
            [field]: `${value.slice(0, 2)}${bad}${value.slice(2)}`,
          });
          if (result.success) {
            const out = (result.data as Record<string, unknown>)[field];
            if (typeof out === "string") expect(out).not.toMatch(UNCLEAN);
          } else {
            expect(result.error.issues.map((issue) => issue.path[0])).toContain(field);
          }
        },
      );
    }
  }
});

describe("one-line fields refuse, with a message that says why", () => {
  it.each([
    [ContactMessageSchema, { name: "Ana\u0000Reyes" }, "name", controlCharacterMessage("Name")],
    [ContactMessageSchema, { email: "ana\u0000@example.com" }, "email", controlCharacterMessage("Email")],
    [BusinessSchema, { city: "Woodland\tHills" }, "city", controlCharacterMessage("City")],
    [MediaUploadSchema, { title: "Spring\nbanner" }, "title", controlCharacterMessage("Title")],
    [SignInSchema, { password: `${PASSWORD}\u0000` }, "password", controlCharacterMessage("Password")],
    [ResetPasswordSchema, { token: "abc\u0000" }, "token", "This reset link is invalid or has expired."],
  ] as const)("%#: %o", (schema, override, field, message) => {
    const name = Object.keys(CASES).find((key) => CASES[key]!.schema === schema)!;
    const result = schema.safeParse({ ...CASES[name]!.sample, ...override });
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("trims outer whitespace first, and keeps emoji and accents", () => {
    const result = ContactMessageSchema.parse({
      ...CASES.ContactMessageSchema!.sample,
      name: "\t José 😀 \n",
    });
    expect(result.name).toBe("José 😀");
  });

  it("ignores a return path holding control characters instead of failing the sign-in", () => {
    const result = SignInSchema.parse({ ...CASES.SignInSchema!.sample, redirectTo: "/dash\u0000board" });
    expect(result.redirectTo).toBeUndefined();
  });

  it("takes passwords as typed: surrounding spaces are kept", () => {
    expect(SignInSchema.parse({ ...CASES.SignInSchema!.sample, password: ` ${PASSWORD} ` }).password).toBe(
      ` ${PASSWORD} `,
    );
  });
});

describe("multi-line fields strip", () => {
  it("keeps tabs and line breaks, turns page and vertical-tab breaks into line breaks, drops the rest", () => {
    expect(cleanMultiline("a\tb\r\nc\u000bd\u000ce\u0085f\u0000g\u001bh\u007fi\u009bj\ud800k😀")).toBe(
      "a\tb\r\nc\nd\ne\nf" + "ghijk😀",
    );
  });

  it("counts the limits after stripping", () => {
    const result = ShareStorySchema.safeParse({
      ...CASES.ShareStorySchema!.sample,
      story: `\u0000\u0000\u0000short\u0000\u0000\u0000\u0000\u0000`,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Story must be at least 10 characters",
    ]);
  });

  it("stores a pasted story without its NUL", () => {
    const result = ContactMessageSchema.parse({
      ...CASES.ContactMessageSchema!.sample,
      message: `${STORY_TEXT}\u0000\n\tThanks!`,
    });
    expect(result.message).toBe(`${STORY_TEXT}\n\tThanks!`);
  });
});
