import { INDUSTRY_IDS } from "~/lib/industries";
import { PASSWORD } from "../http-accounts";
import { garbage, json, multipart, urlencoded, type EncodedBody, type FuzzFile } from "./encode";
import { CONTROLS, fuzzFields, INVALID_UTF8, type FuzzFields, type Random } from "./values";

/**
 * Valid forms of the site's own actions, the starting point of each fuzz payload (most payloads keep the form and
 * break one to three fields, so they reach the schema, the domain code and the database, not only the parser).
 */

export const OWNER_EMAIL = "fuzz-owner@example.com";
export const ADMIN_EMAIL = "fuzz-admin@example.com";
export const NEW_PASSWORD = "lantern-meadow-2931";
const UUID = "7d3f1a52-9c1e-4b8e-a0b4-2f6c1d9e8a10";

/**
 * A password hash costs ~0.1 s of CPU and sign-in and sign-up hash whatever well-formed request they get (so that
 * timing tells nothing). Most of their payloads carry a password longer than the 128 allowed, which is refused
 * before hashing, so the suite's time goes to the other fields; the rest carry a valid one.
 */
export const passwordOrTooLong = (random: Random, password: string) =>
  random.chance(0.15) ? password : `${password}-${"x".repeat(128)}`;

/** Field names the forms use, for payloads that send fields a form doesn't have. */
export const FIELD_NAMES = [
  "intent",
  "id",
  "email",
  "password",
  "token",
  "name",
  "title",
  "description",
  "notes",
  "q",
  "page",
  "industry",
  "zip",
  "kind",
  "file",
  "image",
  "redirectTo",
  "callbackURL",
];

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** An image part: mostly a real PNG (so saves go through), sometimes a lie, an empty part or a hostile name. */
export function imageFile(random: Random): FuzzFile {
  const name = random.chance(0.8)
    ? "photo.png"
    : random.pick<string | Buffer>([
        `ph${random.pick(CONTROLS)}oto.png`,
        Buffer.concat([Buffer.from("ph"), Buffer.from(random.pick(INVALID_UTF8)), Buffer.from(".png")]),
        "../../etc/passwd.png",
        "x".repeat(5000) + ".png",
        "",
      ]);
  const bytes = random.chance(0.85)
    ? PNG
    : random.pick([Buffer.alloc(0), Buffer.from("<svg onload=alert(1)>"), PNG.subarray(0, 20)]);
  return { name, type: random.pick(["image/png", "application/octet-stream", "text/html", ""]), bytes };
}

/** A form body: mostly urlencoded (what a browser sends), some multipart, JSON or no form at all. */
export function formBody(random: Random, template: FuzzFields): EncodedBody {
  const fields = fuzzFields(random, template, FIELD_NAMES);
  const roll = random.next();
  if (roll < 0.7) return urlencoded(random, fields);
  if (roll < 0.85) return multipart(random, fields);
  if (roll < 0.93) return json(random, fields);
  return garbage(random);
}

/** An upload form (multipart with files), or now and then the same action's urlencoded delete, or garbage. */
export function uploadBody(
  random: Random,
  template: FuzzFields,
  files: Record<string, FuzzFile>,
  deleteTemplate: FuzzFields,
): EncodedBody {
  const roll = random.next();
  if (roll < 0.75) return multipart(random, fuzzFields(random, template, FIELD_NAMES), files);
  if (roll < 0.93) return urlencoded(random, fuzzFields(random, deleteTemplate, FIELD_NAMES));
  return garbage(random);
}

export const templates = {
  signin: (random: Random): FuzzFields => ({
    intent: random.pick(["signin", "signin", "signup"]),
    email: random.pick([OWNER_EMAIL, `new-${random.int(1e6)}@example.com`]),
    password: passwordOrTooLong(random, random.pick([PASSWORD, NEW_PASSWORD])),
    rememberMe: "on",
    redirectTo: random.pick(["/dashboard", "/admin?q=a"]),
  }),
  forgotPassword: (random: Random): FuzzFields => ({
    email: random.pick([OWNER_EMAIL, `nobody-${random.int(1e6)}@example.com`]),
  }),
  resetPassword: (): FuzzFields => ({
    token: "Zk3pQ9rT2vX8yB4nM6cL1wHa",
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  }),
  contact: (): FuzzFields => ({
    name: "Ana Reyes",
    email: "ana@example.com",
    message: "Hello!\nWe'd like a kiosk at our café.",
    company_fax: "",
  }),
  submitBusiness: (): FuzzFields => ({
    businessName: "Sunrise Café",
    phoneNumber: "(818) 555-0142",
    website: "sunrise.example.com",
    address: "1 Ventura Blvd, Woodland Hills",
    company_fax: "",
  }),
  shareStory: (): FuzzFields => ({
    firstName: "Ana",
    lastName: "Reyes",
    email: "ana@example.com",
    story: "Our kiosk brought in new regulars.\nThank you!",
    website: "",
  }),
  mediaUpload: (): FuzzFields => ({ title: "Spring banner", description: "For the window.", notes: "A3" }),
  deleteById: (random: Random, ids: string[] = []): FuzzFields => ({
    intent: "delete",
    id: random.pick([UUID, "not-a-uuid", ...ids]),
  }),
  business: (random: Random, ids: string[]): FuzzFields => ({
    ...(random.chance(0.4) ? { id: random.pick([UUID, ...ids]) } : {}),
    name: "Sunrise Café",
    description: "Breakfast all day.\nFamily owned.",
    industry: random.pick(INDUSTRY_IDS),
    address: "1 Ventura Blvd",
    city: "Woodland Hills",
    state: "CA",
    zip_code: random.pick(["91367", "91601", "00000"]),
    phone: "818-555-0142",
    email: "hello@sunrise.example.com",
    website: "https://sunrise.example.com",
    rating: "4.5",
    review_count: "12",
    offer_text: "10% off",
    owner_name: "Ana Reyes",
    owner_bio: "Baker.",
    quality_description: "Fresh daily.",
    community_description: "Local staff.",
    sustainability_description: "Compost.",
  }),
  story: (random: Random, ids: string[]): FuzzFields => ({
    ...(random.chance(0.4) ? { id: random.pick([UUID, ...ids]) } : {}),
    title: "A patio full on Saturday",
    short_description: "How a kiosk filled a patio.",
    description: "It was busy.\nVery busy.",
    content: "## Saturday\n\nIt was *busy*.",
    industry: random.pick(INDUSTRY_IDS),
    author: "Ana Reyes",
    publish_date: random.pick(["2026-03-01", "2099-12-31"]),
    is_featured: "on",
  }),
  inbox: (random: Random): FuzzFields => ({
    intent: random.pick(["handle", "reopen"]),
    kind: random.pick(["story_submission", "business_application", "contact_message"]),
    id: UUID,
  }),
};
