import { describe, expect, it } from "vitest";
import { AdSchema } from "./ad-schemas";
import { BusinessActionSchema, SaveBusinessSchema } from "./business-schemas";
import { SignInSchema } from "./auth-schemas";
import { boundedEntries, parsePath } from "./form-names";
import { parseFormData, UNREADABLE_FORM_MESSAGE } from "./form-submission";
import { UNDECLARED_MAX_ITEMS } from "./form-shape";
import { z } from "./zod";

// The field-name guard in front of every form parse (form-names.ts), tried the way an attacker would.

const Nested = z.object({
  title: z.string(),
  tags: z.array(z.string()).max(3).optional(),
  rows: z.array(z.object({ name: z.string(), days: z.array(z.string()).max(7) })).max(2),
  photo: z.unknown().optional(),
  loose: z.array(z.string()).optional(),
});

/** The names the guard keeps of a urlencoded form, or null when it refuses the form. */
const names = (form: string, schema: z.ZodType = Nested) =>
  boundedEntries(new URLSearchParams(form).entries(), schema)?.map(([name]) => name) ?? null;

describe("field names against the schema", () => {
  it("keeps the names a form of the schema sends", () => {
    expect(names("title=a&tags=x&tags=y&rows[0].name=n&rows[0].days=1&rows[1].days[]=2&photo=")).toEqual([
      "title",
      "tags",
      "tags",
      "rows[0].name",
      "rows[0].days",
      "rows[1].days[]",
      "photo",
    ]);
  });

  it("leaves out names the schema does not know, at the top or inside a list item, sparse index and all", () => {
    expect(
      names("title=a&x[10000000]=1&rows[0].extra[99999999]=1&__proto__.polluted=1&constructor=1"),
    ).toEqual(["title"]);
  });

  it("refuses an index past a list's maximum, however it is written", () => {
    expect(names("rows[2].name=a")).toBeNull();
    expect(names("rows[10000000].name=a")).toBeNull();
    expect(names("tags[3]=a")).toBeNull();
    expect(names("rows[0].days[7]=1")).toBeNull();
    expect(names("rows[0].days[99999999999999999999]=1")).toBeNull();
    expect(names("rows[1].days[6]=1")).toEqual(["rows[1].days[6]"]);
  });

  it("refuses more values under one name than the field holds", () => {
    expect(names("tags=a&tags=b&tags=c")).toHaveLength(3);
    expect(names("tags=a&tags=b&tags=c&tags=d")).toBeNull();
    expect(names("tags[]=a&tags[]=b&tags[]=c&tags[]=d")).toBeNull();
    expect(names("title=a&title=b")).toBeNull();
    expect(names("rows[0].name=a&rows[0].name=b")).toBeNull();
  });

  it("refuses keys and indices under a plain value, and a plain value where only objects fit", () => {
    expect(names("title.x=1")).toBeNull();
    expect(names("title[0]=1")).toBeNull();
    expect(names("photo.name=1")).toBeNull();
    expect(names("rows=1")).toBeNull();
    expect(names("rows[0]=1")).toBeNull();
    expect(names("rows.name=1")).toBeNull();
    expect(names("rows[]=1")).toBeNull();
    expect(names("rows[0].days[].x=1")).toBeNull();
  });

  it("refuses names that are not paths", () => {
    for (const name of ["title[a]", "a..b", ".title", "title.", "rows[-1].name", "rows[1.5].name", ""]) {
      expect(parsePath(name), name).toBeNull();
    }
    expect(parsePath("rows[0].days[]")).toEqual(["rows", 0, "days", ""]);
  });

  it("bounds a list that declares no maximum", () => {
    expect(names(`loose[${UNDECLARED_MAX_ITEMS - 1}]=a`)).toHaveLength(1);
    expect(names(`loose[${UNDECLARED_MAX_ITEMS}]=a`)).toBeNull();
  });

  it("checks the names of a multipart form with files like any other, files as plain values", () => {
    const file = new File(["x"], "a.png", { type: "image/png" });
    const form = new FormData();
    form.append("title", "a");
    form.append("photo", file);
    expect(boundedEntries(form.entries(), Nested)?.map(([, value]) => value)).toEqual(["a", file]);
    form.append("photo", file);
    expect(boundedEntries(form.entries(), Nested)).toBeNull();
    const nested = new FormData();
    nested.append("photo[0]", file);
    expect(boundedEntries(nested.entries(), Nested)).toBeNull();
  });

  it("takes the union of a discriminated union's options", () => {
    const form = new URLSearchParams("intent=reject&id=1&reason=r&claimId=2");
    expect(boundedEntries(form.entries(), BusinessActionSchema)).toHaveLength(4);
    expect(boundedEntries(new URLSearchParams("id.x=1").entries(), BusinessActionSchema)).toBeNull();
  });
});

describe("Conform's own fields", () => {
  const intent = (value: unknown) => `__intent__=${encodeURIComponent(JSON.stringify(value))}`;

  it("keeps the ad editor's list buttons within the list's bounds", () => {
    expect(names(intent({ type: "insert", payload: { name: "schedule" } }), AdSchema)).toEqual([
      "__intent__",
    ]);
    expect(names(intent({ type: "remove", payload: { name: "schedule", index: 1 } }), AdSchema)).toHaveLength(
      1,
    );
    expect(
      names(intent({ type: "insert", payload: { name: "schedule", index: 10000000 } }), AdSchema),
    ).toBeNull();
    expect(names(intent({ type: "insert", payload: { name: "title" } }), AdSchema)).toBeNull();
    expect(
      names(intent({ type: "reorder", payload: { name: "schedule", from: 0, to: 1e9 } }), AdSchema),
    ).toBeNull();
    expect(
      names(intent({ type: "update", payload: { name: "schedule[9999999]", value: 1 } }), AdSchema),
    ).toBeNull();
    expect(names(intent({ type: "validate", payload: { name: "title" } }), AdSchema)).toHaveLength(1);
    expect(names(intent({ type: "validate", payload: { name: 5 } }), AdSchema)).toBeNull();
    expect(names(intent({ type: "submit", payload: {} }), AdSchema)).toBeNull();
    expect(names(intent({ type: "reset", payload: {} }), AdSchema)).toHaveLength(1);
    expect(names("__intent__=not-json", AdSchema)).toBeNull();
  });

  it("drops __state__, which no form of the site sends (Conform would parse it as JSON)", () => {
    expect(names("title=a&__state__=%7B", Nested)).toEqual(["title"]);
  });
});

describe("parseFormData", () => {
  it("answers a refused form with one form message and nothing of what was sent", () => {
    const submission = parseFormData(new URLSearchParams("schedule[100000].days=1&title=secret"), AdSchema);
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ "": [UNREADABLE_FORM_MESSAGE] });
    expect(JSON.stringify(reply).length).toBeLessThan(300);
  });

  it("refuses a key under the ad's call to action instead of building an object there", () => {
    const submission = parseFormData(new URLSearchParams("title=a&callToAction.x=1"), AdSchema);
    expect(submission.reply().error).toEqual({ "": [UNREADABLE_FORM_MESSAGE] });
  });

  it("answers a sparse index on an unknown name like a form without it: small, only the known fields", () => {
    const submission = parseFormData(
      new URLSearchParams("x%5B1000000%5D=1&email=a%40example.com"),
      SignInSchema,
    );
    const reply = JSON.stringify(submission.reply());
    expect(reply).not.toContain("null,null");
    expect(reply.length).toBeLessThan(500);
    expect(submission.reply().error?.password).toBeTruthy();
  });

  it("still parses the site's real forms, the business form's files included", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Café",
      industry: "food-industry",
      address: "1 Main St",
      city: "Town",
      state: "CA",
      zip_code: "91364",
    }))
      form.append(name, value);
    form.append("image", new File([], ""));
    form.append("owner_image", new File([], ""));
    expect(parseFormData(form, SaveBusinessSchema).status).toBe("success");
    const ad = new URLSearchParams(
      "title=T&businessId=7d3f1a52-9c1e-4b8e-a0b4-2f6c1d9e8a10&mediaId=7d3f1a52-9c1e-4b8e-a0b4-2f6c1d9e8a10" +
        "&startsOn=2030-01-01&scheduled=on&schedule[0].days=1&schedule[0].days=2&schedule[0].start=09:00" +
        "&schedule[0].end=17:00&schedule[1].days=6&schedule[1].start=10:00&schedule[1].end=11:00",
    );
    const parsed = parseFormData(ad, AdSchema);
    expect(parsed.status).toBe("success");
    if (parsed.status === "success") expect(parsed.value.schedule[0]?.days).toEqual([1, 2]);
  });
});
