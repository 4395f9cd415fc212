import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlPart, type EncodedBody } from "../support/fuzz/encode";
import { ADMIN_EMAIL, formBody, imageFile, OWNER_EMAIL, templates, uploadBody } from "../support/fuzz/forms";
import {
  AS_DEPLOYED,
  closeConnections,
  expectStillHealthy,
  FUZZ_TIMEOUT,
  reportedFuzz,
  RUNS,
  type FuzzTarget,
} from "../support/fuzz/runner";
import { Random, type FuzzFields } from "../support/fuzz/values";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Bad input never earns a 5xx (docs/security.md "Control characters"): every action of the site's own routes gets
// RUNS payloads built from its valid form with NUL and other control characters, invalid UTF-8, huge values,
// wrong types, missing fields and nulls, shared among the roles that reach different code. The Better Auth endpoints have their own file
// (fuzz-auth-api.test.ts). The pages' URL parameters and query strings are fuzzed here too.

type Role = "visitor" | "owner" | "admin";
const cookies: Record<Role, string> = { visitor: "", owner: "", admin: "" };
const ids = { business: [] as string[], story: [] as string[] };
let server: ServerProcess;

/**
 * Payloads for the action at `path`, sent as each of `roles` in turn. Most go to the action's data URL
 * (`/contact.data`: the action without a page render), as the site's forms do once hydrated; the rest post to the
 * page, as a browser without JavaScript does.
 */
function post(path: string, roles: Role[], body: (random: Random) => EncodedBody): FuzzTarget {
  return {
    name: `POST ${path} as ${roles.join(", ")}`,
    make: (random) => ({
      method: "POST",
      path: random.chance(0.9) ? `${path}.data` : path,
      body: body(random),
      cookie: cookies[random.pick(roles)],
    }),
  };
}

const business = (random: Random) =>
  uploadBody(
    random,
    templates.business(random, ids.business),
    random.chance(0.5) ? { image: imageFile(random), owner_image: imageFile(random) } : {},
    templates.deleteById(random),
  );
const story = (random: Random) =>
  uploadBody(
    random,
    templates.story(random, ids.story),
    random.chance(0.5) ? { background_image: imageFile(random) } : {},
    templates.deleteById(random),
  );
const media = (random: Random) =>
  uploadBody(random, templates.mediaUpload(), { file: imageFile(random) }, templates.deleteById(random));

const TARGETS: FuzzTarget[] = [
  post("/signin", ["visitor"], (random) => formBody(random, templates.signin(random))),
  post("/signout", ["visitor"], (random) => formBody(random, {})),
  post("/forgot-password", ["visitor"], (random) => formBody(random, templates.forgotPassword(random))),
  post("/reset-password", ["visitor"], (random) => formBody(random, templates.resetPassword())),
  post("/contact", ["visitor"], (random) => formBody(random, templates.contact())),
  post("/submit-business", ["visitor"], (random) => formBody(random, templates.submitBusiness())),
  post("/stories/submit", ["visitor"], (random) => formBody(random, templates.shareStory())),
  post("/dashboard", ["owner", "admin"], (random) => formBody(random, templates.deleteById(random))),
  post("/dashboard/media", ["owner", "owner", "visitor"], media),
  post("/admin", ["owner", "admin", "visitor"], business),
  post("/admin/stories", ["admin", "admin", "owner"], story),
  post("/admin/inbox", ["admin", "admin", "owner"], (random) => formBody(random, templates.inbox(random))),
];

/** Pages whose URL parameters and query strings reach PostgreSQL (ids, industries, searches, zip, page, tokens). */
const URLS: ((random: Random) => string)[] = [
  (r) =>
    `/local-shiners/all?industry=${urlPart(r, "food-industry")}&zip=${urlPart(r, "913")}&page=${urlPart(r, "2")}`,
  (r) => `/local-shiners/${urlPart(r, "home-services")}?zip=${urlPart(r, "91367")}`,
  (r) => `/business/${urlPart(r, r.pick(ids.business))}`,
  (r) => `/story/${urlPart(r, r.pick(ids.story))}`,
  (r) => `/shine-stories/${urlPart(r, "food-industry")}?q=${urlPart(r, "patio")}&featured=${urlPart(r, "1")}`,
  (r) => `/admin?q=${urlPart(r, "sunrise")}&page=${urlPart(r, "1")}`,
  (r) =>
    `/admin/stories?q=${urlPart(r, "patio")}&industry=${urlPart(r, "food-industry")}&page=${urlPart(r, "1")}`,
  (r) => `/admin/inbox?tab=${urlPart(r, "messages")}&show=${urlPart(r, "all")}&page=${urlPart(r, "1")}`,
  (r) => `/reset-password?token=${urlPart(r, "Zk3pQ9rT2vX8yB4nM6cL1wHa")}`,
  (r) => `/signin?redirectTo=${urlPart(r, "/dashboard")}`,
  (r) => `/media/${urlPart(r, "x/1-a.png")}?w=${urlPart(r, "320")}`,
];

const PAGES: FuzzTarget = {
  name: "GET pages with hostile URL parameters and query strings as visitor, owner, admin",
  runs: RUNS * 1.5,
  make: (random) => {
    const [path, query] = random.pick(URLS)(random).split("?");
    // Mostly the loaders alone (`/business/x.data`), sometimes the whole page.
    const target = random.chance(0.7) && !path!.startsWith("/media/") ? `${path}.data` : path;
    return {
      method: "GET",
      path: query === undefined ? target! : `${target}?${query}`,
      cookie: cookies[random.pick<Role>(["visitor", "owner", "admin"])],
    };
  },
};

/** Saves one valid form through the real action and returns the new row's id (for the payloads that update). */
async function createVia(path: string, role: Role, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${server.url}${path}.data`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookies[role], Origin: server.url },
  });
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(await response.text())?.[0];
  if (!response.ok || !id) throw new Error(`could not create through ${path}: ${response.status}`);
  return id;
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN_EMAIL, ...AS_DEPLOYED });
  [cookies.owner, cookies.admin] = await Promise.all([
    createSignedInAccount(server, OWNER_EMAIL),
    createSignedInAccount(server, ADMIN_EMAIL),
  ]);
  const created = ({ id: _id, ...fields }: FuzzFields) => fields as Record<string, string>;
  ids.business.push(await createVia("/admin", "owner", created(templates.business(new Random(1), []))));
  ids.story.push(await createVia("/admin/stories", "admin", created(templates.story(new Random(1), []))));
}, 120_000);

afterAll(async () => {
  closeConnections();
  await server.stop();
});

describe("fuzzing every form action", () => {
  TARGETS.forEach((target, index) => {
    it(
      `${target.name}: ${target.runs ?? RUNS} hostile payloads, no 5xx`,
      async () => {
        const { failures } = await reportedFuzz(server, target, index);
        if (failures.length) console.error(server.output().slice(-3000));
        expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
      },
      FUZZ_TIMEOUT,
    );
  });

  it(
    `${PAGES.name}: ${PAGES.runs} requests, no 5xx`,
    async () => {
      const { failures } = await reportedFuzz(server, PAGES, TARGETS.length);
      expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it("leaves the server healthy", async () => {
    expect(await expectStillHealthy(server)).toEqual([]);
  });
});
