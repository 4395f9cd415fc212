import { PASSWORD } from "../http-accounts";
import { garbage, json, urlencoded, urlPart, type EncodedBody } from "./encode";
import { FIELD_NAMES, NEW_PASSWORD, OWNER_EMAIL, passwordOrTooLong } from "./forms";
import { fuzzFields, type FuzzFields, type Random } from "./values";

/**
 * Who calls: nobody, a signed-in account that stays signed in, and two accounts whose session the fuzz may end
 * (signing out, changing the password), so the others keep theirs.
 */
export type AuthRole = "visitor" | "user" | "leaver" | "changer";

export interface AuthEndpoint {
  /** Under /api/auth. */
  path: string;
  method: "GET" | "POST";
  roles: AuthRole[];
  /** The valid request: a JSON body for POST, the query string for GET. */
  template(random: Random): FuzzFields;
}

const someEmail = (random: Random) => random.pick([OWNER_EMAIL, `someone-${random.int(1e9)}@example.com`]);

/**
 * Better Auth endpoints at /api/auth/*: the two the site leaves reachable (the email links, see
 * app/.server/auth/exposed-endpoints.ts) and the ones it closed, which must keep answering 404 (never 5xx) whatever
 * they are sent.
 */
export const AUTH_API_ENDPOINTS: AuthEndpoint[] = [
  {
    path: "/sign-in/email",
    method: "POST",
    roles: ["visitor"],
    template: (random) => ({
      email: someEmail(random),
      password: passwordOrTooLong(random, PASSWORD),
      rememberMe: true,
      callbackURL: "/dashboard",
    }),
  },
  {
    path: "/sign-up/email",
    method: "POST",
    roles: ["visitor"],
    template: (random) => ({
      email: someEmail(random),
      password: passwordOrTooLong(random, NEW_PASSWORD),
      name: "Ana Reyes",
      callbackURL: "/dashboard",
    }),
  },
  { path: "/sign-out", method: "POST", roles: ["visitor", "leaver"], template: () => ({}) },
  {
    path: "/request-password-reset",
    method: "POST",
    roles: ["visitor"],
    template: (random) => ({ email: someEmail(random), redirectTo: "/reset-password" }),
  },
  {
    path: "/reset-password",
    method: "POST",
    roles: ["visitor"],
    template: () => ({ token: "Zk3pQ9rT2vX8yB4nM6cL1wHa", newPassword: NEW_PASSWORD }),
  },
  {
    path: "/verify-email",
    method: "GET",
    roles: ["visitor"],
    template: () => ({
      token: "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl",
      callbackURL: "/dashboard",
    }),
  },
  {
    // The reset email's link (the token in the path; Better Auth checks it, then redirects to callbackURL).
    path: "/reset-password/Zk3pQ9rT2vX8yB4nM6cL1wHa",
    method: "GET",
    roles: ["visitor"],
    template: () => ({ callbackURL: "/reset-password" }),
  },
  {
    path: "/send-verification-email",
    method: "POST",
    roles: ["visitor", "user"],
    template: (random) => ({ email: someEmail(random), callbackURL: "/dashboard" }),
  },
  {
    path: "/change-password",
    method: "POST",
    roles: ["changer", "changer", "visitor"],
    template: () => ({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true }),
  },
  {
    path: "/update-user",
    method: "POST",
    roles: ["user", "user", "visitor"],
    template: () => ({ name: "Ana Reyes", image: "https://example.com/ana.png" }),
  },
  {
    path: "/get-session",
    method: "GET",
    roles: ["user", "visitor"],
    template: () => ({ disableCookieCache: "true" }),
  },
];

/** A body for a JSON endpoint: mostly JSON, some urlencoded (which Better Auth also reads), some no form at all. */
export function authBody(random: Random, template: FuzzFields): EncodedBody {
  const fields = fuzzFields(random, template, FIELD_NAMES);
  const roll = random.next();
  if (roll < 0.85) return json(random, fields);
  if (roll < 0.93) return urlencoded(random, fields);
  return garbage(random);
}

/** A query string from a GET endpoint's template: each value hostile, or left out, or as is. */
export function authQuery(random: Random, template: FuzzFields): string {
  const parts = Object.entries(template)
    .filter(() => random.chance(0.9))
    .map(([name, value]) => `${name}=${urlPart(random, typeof value === "string" ? value : "")}`);
  return parts.length ? `?${parts.join("&")}` : "";
}
