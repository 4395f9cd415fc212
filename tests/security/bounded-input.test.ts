import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createSignedInAccount, randomIp } from "../support/http-accounts";
import { pairKioskOverHttp } from "../support/http-kiosk";
import { startServer, type ServerProcess } from "../support/server-process";

// Bounded input (docs/security.md "Bounded input"): no request makes the server allocate, validate or answer with
// more than a small multiple of what it sent. Every route that accepts a post gets field names an attacker would
// write: a sparse index of ten million (on an unknown name, and on the form's own list when it has one) and a key
// under one of the form's plain fields, as a page post and as a script's `.data` post, as the role the route
// serves, urlencoded and (for the forms with files) multipart. Each answer is small and a refusal, never a 5xx,
// and the server's memory stays flat.

type Role = "visitor" | "owner" | "admin" | "device";
/** How a route meets a post: it reads a form (refused: 4xx), reads JSON (refused: 4xx), or reads no body at all. */
type Kind = "form" | "json" | "no-body";

interface Case {
  role: Role;
  kind: Kind;
  /** A concrete URL for the route's path (its parameters filled in). */
  url?: string;
  /** One of the form's plain fields, to put a key under. */
  scalar?: string;
  /** The form's list field with a sparse index, when it has one. */
  list?: string;
  /** A form whose save carries files: the same names go multipart, with a file in this field. */
  fileField?: string;
}

const SOME_ID = "7d3f1a52-9c1e-4b8e-a0b4-2f6c1d9e8a10";

/** Every route path whose module exports an action. A route added with an action and no case here fails the test. */
const CASES: Record<string, Case> = {
  contact: { role: "visitor", kind: "form", scalar: "name" },
  "submit-business": { role: "visitor", kind: "form", scalar: "businessName" },
  signin: { role: "visitor", kind: "form", scalar: "email" },
  signout: { role: "visitor", kind: "no-body" },
  "forgot-password": { role: "visitor", kind: "form", scalar: "email" },
  "reset-password": { role: "visitor", kind: "form", scalar: "token" },
  "business/:id": { role: "owner", kind: "form", url: `/business/${SOME_ID}`, scalar: "code" },
  "go/:id/:action": { role: "visitor", kind: "no-body", url: `/go/${SOME_ID}/call` },
  "stories/submit": { role: "visitor", kind: "form", scalar: "firstName" },
  dashboard: { role: "owner", kind: "form", scalar: "id" },
  "dashboard/media": { role: "owner", kind: "form", scalar: "title", fileField: "file" },
  "dashboard/ads": { role: "owner", kind: "form", scalar: "id" },
  "dashboard/ads/new": {
    role: "owner",
    kind: "form",
    scalar: "callToAction",
    list: "schedule[10000000].days",
  },
  "dashboard/ads/:id": {
    role: "owner",
    kind: "form",
    url: `/dashboard/ads/${SOME_ID}`,
    scalar: "callToAction",
    list: "schedule[10000000].days",
  },
  admin: { role: "admin", kind: "form", scalar: "name", fileField: "image" },
  "admin/stories": { role: "admin", kind: "form", scalar: "title", fileField: "background_image" },
  "admin/stories/preview": { role: "admin", kind: "form", scalar: "content" },
  "admin/inbox": { role: "admin", kind: "form", scalar: "kind" },
  "admin/ads": { role: "admin", kind: "form", scalar: "reason" },
  "admin/kiosks": { role: "admin", kind: "form", scalar: "label" },
  "admin/kiosks/groups": { role: "admin", kind: "form", scalar: "name", list: "kioskIds[10000000]" },
  "admin/kiosks/messages": { role: "admin", kind: "form", scalar: "headline", list: "groupIds[10000000]" },
  "admin/kiosks/:kioskId/screenshot": {
    role: "admin",
    kind: "no-body",
    url: `/admin/kiosks/${SOME_ID}/screenshot`,
  },
  "admin/network": { role: "admin", kind: "form", scalar: "peoplePerPlay" },
  "dashboard/results": { role: "owner", kind: "form", scalar: "kind" },
  "reports/unsubscribe": { role: "visitor", kind: "form", scalar: "token" },
  "api/auth/*": { role: "visitor", kind: "form", url: "/api/auth/sign-in/email", scalar: "email" },
  "api/kiosk/pairings": { role: "visitor", kind: "no-body" },
  "api/kiosk/pairings/:pairingId": { role: "visitor", kind: "json", url: `/api/kiosk/pairings/${SOME_ID}` },
  "api/kiosk/manifest": { role: "device", kind: "json" },
  "api/kiosk/manifest/wait": { role: "device", kind: "json" },
  "api/kiosk/heartbeat": { role: "device", kind: "json" },
  "api/kiosk/plays": { role: "device", kind: "json" },
  "api/kiosk/screenshot": { role: "device", kind: "json" },
};

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** The route table's entries whose module exports an action (read from the source, as the build would see it). */
function postingRoutes(): { path: string; file: string }[] {
  const flat = (entries: RouteEntry[]): RouteEntry[] =>
    entries.flatMap((entry) => [entry, ...flat(entry.children ?? [])]);
  return flat(routes as RouteEntry[])
    .filter((entry) => {
      const source = fs.readFileSync(path.join("app", entry.file), "utf8");
      return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source);
    })
    .map((entry) => ({ path: entry.index ? "" : entry.path!, file: entry.file }));
}

/** The hostile bodies for one route, each with a name for the report. */
function bodies(one: Case): { name: string; body: () => BodyInit }[] {
  const pairs: [string, string][] = [["x[10000000]", "1"]];
  if (one.list) pairs.push([one.list, "1"]);
  if (one.scalar) pairs.push([`${one.scalar}.x`, "1"]);
  const urlencoded = pairs.map(([name, value]) => ({
    name: `${name}=${value}`,
    body: () => new URLSearchParams([[name, value]]),
  }));
  if (!one.fileField) return urlencoded;
  const multipart = pairs.map(([name, value]) => ({
    name: `multipart ${name}=${value} + a file`,
    body: () => {
      const form = new FormData();
      form.set("intent", "save");
      form.set(name, value);
      form.set(
        one.fileField!,
        new Blob([Buffer.from("not really an image")], { type: "image/png" }),
        "a.png",
      );
      return form;
    },
  }));
  return [...urlencoded, ...multipart];
}

const MAX_ANSWER_BYTES = 64 * 1024;
// The process's resident memory also holds the embedded database's WebAssembly heap, which grows with the rows the
// rounds write (sessions, rate-limit buckets) and never shrinks, and the garbage the collector has not returned yet;
// on a busy machine that alone reached ~60 MB. A sparse index expanded into an array costs tens of megabytes per
// request at the ten million sent here, over 150 requests (and the server died at x[100000000]); the answers' size,
// checked above for every request, is the sharper test of the class.
const MAX_RSS_GROWTH_BYTES = 200 * 1024 * 1024;

let server: ServerProcess;
const credentials: Record<Role, Record<string, string>> = { visitor: {}, owner: {}, admin: {}, device: {} };

/** The server process's resident memory (Linux), in bytes. */
function rss(): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

interface Answer {
  label: string;
  status: number;
  formStatus: number | null;
  bytes: number;
}

async function attack(route: string, one: Case): Promise<Answer[]> {
  const url = one.url ?? `/${route}`;
  // A page post (no JavaScript) and a script's `.data` post for the routes that render a page.
  const isPage = /\.tsx$/.test(postingRoutes().find((entry) => entry.path === route)!.file);
  const urls = isPage ? [url, `${url}.data`] : [url];
  const answers: Answer[] = [];
  for (const target of urls) {
    for (const { name, body } of bodies(one)) {
      const response = await fetch(`${server.url}${target}`, {
        method: "POST",
        body: body(),
        redirect: "manual",
        headers: { Origin: server.url, "X-Forwarded-For": randomIp(), ...credentials[one.role] },
        signal: AbortSignal.timeout(60_000),
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      const formStatus = response.headers.get("x-form-status");
      answers.push({
        label: `POST ${target} ${name}`,
        status: response.status,
        formStatus: formStatus === null ? null : Number(formStatus),
        bytes,
      });
    }
  }
  return answers;
}

/** What is wrong with an answer, or null. */
function problem(one: Case, answer: Answer): string | null {
  if (answer.bytes >= MAX_ANSWER_BYTES) return `${answer.bytes} bytes`;
  if (answer.status >= 500) return `status ${answer.status}`;
  if (one.kind === "no-body") return null;
  const refused = answer.formStatus ?? answer.status;
  if (answer.formStatus !== null && answer.status !== 200)
    return `X-Form-Status with status ${answer.status}`;
  return refused >= 400 && refused < 500 ? null : `not refused: ${answer.status}/${answer.formStatus}`;
}

beforeAll(async () => {
  const adminEmail = "bounded-admin@example.com";
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: adminEmail });
  const [owner, admin] = await Promise.all([
    createSignedInAccount(server, "bounded-owner@example.com"),
    createSignedInAccount(server, adminEmail),
  ]);
  credentials.owner = { Cookie: owner };
  credentials.admin = { Cookie: admin };
  const { token } = await pairKioskOverHttp(server, admin);
  credentials.device = { Authorization: `Bearer ${token}` };
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("bounded input on every posting route", () => {
  it("has a case for every route that accepts a post, and none for a route that does not", () => {
    const posting = postingRoutes().map((entry) => entry.path);
    expect(posting.filter((route) => !(route in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((route) => !posting.includes(route))).toEqual([]);
  });

  it("answers sparse indices and keys under plain fields with a small refusal, and memory stays flat", async () => {
    // One round first, so that what the server loads once (modules, compiled code, caches) is not counted.
    for (const [route, one] of Object.entries(CASES)) await attack(route, one);
    const before = rss();
    const problems: string[] = [];
    let sent = 0;
    for (let round = 0; round < 3; round++) {
      for (const [route, one] of Object.entries(CASES)) {
        for (const answer of await attack(route, one)) {
          sent++;
          const wrong = problem(one, answer);
          if (wrong) problems.push(`${answer.label}: ${wrong}`);
        }
      }
    }
    const growth = rss() - before;
    if (problems.length) console.error(server.output().slice(-3000));
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(150);
    expect(growth, `RSS grew ${Math.round(growth / 1024 / 1024)} MB`).toBeLessThan(MAX_RSS_GROWTH_BYTES);
    expect(server.child.exitCode).toBeNull();
  }, 300_000);

  it("answers the sparse index of the report on the sign-in page exactly like a form with nothing in it", async () => {
    for (const target of ["/signin", "/signin.data"]) {
      const response = await fetch(`${server.url}${target}`, {
        method: "POST",
        body: "x%5B1000000%5D=1",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": randomIp(),
        },
      });
      const text = await response.text();
      expect(response.headers.get("x-form-status") ?? String(response.status)).toBe("400");
      expect(text).not.toMatch(/null,null|x\[1000000\]/);
      expect(text.length).toBeLessThan(MAX_ANSWER_BYTES);
    }
  });
});
