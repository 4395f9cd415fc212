import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Bad input never earns a 5xx (issue 10): random, missing, oversized, wrong-type and garbage payloads, at least
// 1,000 per endpoint, as a visitor and as signed-in owner/admin, must all be answered with < 500.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const CONCURRENCY = 12;

const FIELDS = [
  "intent",
  "email",
  "password",
  "rememberMe",
  "redirectTo",
  "token",
  "confirmPassword",
  "firstName",
  "lastName",
  "story",
  "website",
  "businessName",
  "phoneNumber",
  "address",
  "name",
  "message",
  "title",
  "description",
  "notes",
  "id",
  "industry",
  "city",
  "state",
  "zipCode",
  "zip_code",
  "rating",
  "reviewCount",
  "review_count",
  "phone",
  "publishDate",
  "shortDescription",
  "content",
  "author",
  "isFeatured",
  "featured",
  "offerText",
  "ownerName",
  "ownerBio",
  "file",
  "image",
  "ownerImage",
  "backgroundImage",
  "q",
  "page",
  "zip",
  "kind",
  "handled",
];
const INTENTS = [
  "signin",
  "signup",
  "create",
  "update",
  "delete",
  "save",
  "handle",
  "markHandled",
  "unknown",
  "",
];

/** encodeURIComponent that tolerates lone surrogates (our garbage is deliberately malformed). */
const enc = (value: string) => encodeURIComponent(value.toWellFormed());

let seed = 20261122;
function random() {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

function garbageString(): string {
  switch (Math.floor(random() * 10)) {
    case 0:
      return "";
    case 1:
      return "x".repeat(Math.floor(random() * 200_000));
    case 2:
      return "\u0000\u0001\u0002\ud800\uffff";
    case 3:
      return String(Math.floor(random() * 1e12) * (random() > 0.5 ? -1 : 1));
    case 4:
      return "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>";
    case 5:
      return pick([
        "00000000-0000-0000-0000-000000000000",
        "not-a-uuid",
        "../../etc/passwd",
        "%00",
        "NaN",
        "Infinity",
        "1e309",
      ]);
    case 6:
      return pick(INTENTS);
    case 7:
      return Array.from({ length: 20 }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join("");
    case 8:
      return pick([
        "home-services",
        "food-industry",
        "bogus",
        "2026-02-30",
        "2026-11-22",
        "true",
        "on",
        "5.5",
        "-1",
      ]);
    default:
      return `a${Math.floor(random() * 1e6)}@example.com`;
  }
}

function randomFields(): [string, string][] {
  const count = Math.floor(random() * 12);
  return Array.from({ length: count }, () => [
    random() > 0.9 ? garbageString().slice(0, 40) : pick(FIELDS),
    garbageString(),
  ]);
}

function randomBody(): { body?: BodyInit; contentType?: string } {
  switch (Math.floor(random() * 6)) {
    case 0:
      return { body: new URLSearchParams(randomFields()), contentType: "application/x-www-form-urlencoded" };
    case 1: {
      const form = new FormData();
      for (const [key, value] of randomFields()) {
        if (random() > 0.7) form.append(key, new Blob([value]), garbageString().slice(0, 50) || "f");
        else form.append(key, value);
      }
      return { body: form };
    }
    case 2:
      return { body: JSON.stringify(Object.fromEntries(randomFields())), contentType: "application/json" };
    case 3:
      return {
        body: new Uint8Array(
          Array.from({ length: Math.floor(random() * 5000) }, () => Math.floor(random() * 256)),
        ),
        contentType: pick([
          "multipart/form-data; boundary=xyz",
          "application/octet-stream",
          "text/plain",
          "multipart/form-data",
        ]),
      };
    case 4:
      return {};
    default:
      return {
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG',
        contentType: "multipart/form-data; boundary=xyz",
      };
  }
}

let server: ServerProcess;
const cookies: Record<string, string> = { visitor: "" };

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ADMIN_EMAILS: "fuzz-admin@example.com" });
  cookies.owner = await createSignedInAccount(server, "fuzz-owner@example.com");
  cookies.admin = await createSignedInAccount(server, "fuzz-admin@example.com");
}, 120_000);
afterAll(async () => {
  await server.stop();
});

function dataUrl(path: string) {
  const [pathname, query] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
}

/**
 * One request over node:http, resolving with the status as soon as the server answers: a server may answer a
 * bad request (415, 429) before reading a large body and close the connection, which fetch reports as a
 * network error; here the answer is still seen.
 */
async function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: BodyInit,
): Promise<number> {
  let bytes: Buffer | undefined;
  if (body !== undefined) {
    const encoded = new Response(body);
    bytes = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type && !headers["Content-Type"]) headers["Content-Type"] = type;
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(`${server.url}${target}`, { method, headers, agent: false }, (response) => {
      answered = true;
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(bytes);
  });
}

async function hammer(method: string, path: () => string, who: string) {
  const failures: string[] = [];
  let next = 0;
  async function worker() {
    while (next < RUNS) {
      next++;
      // Most runs go to the single-fetch data URL (`/signin.data`: the action without a page render) to keep the
      // suite fast; the rest post to the page itself, as a browser without JavaScript does.
      const base = path();
      const target = method === "POST" && !base.startsWith("/api/") && random() < 0.8 ? dataUrl(base) : base;
      const { body, contentType } = method === "GET" ? {} : randomBody();
      const headers: Record<string, string> = {
        Origin: server.url,
        "X-Forwarded-For": `10.200.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`,
      };
      if (contentType) headers["Content-Type"] = contentType;
      if (cookies[who]) headers.Cookie = cookies[who];
      try {
        const status = await send(method, target, headers, body);
        if (status >= 500) failures.push(`${method} ${target} as ${who} -> ${status}`);
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause?.message ?? "";
        failures.push(
          `${method} ${target} as ${who} -> ${(error as Error).message} ${cause} (server ${server.child.exitCode === null ? "up" : `exited ${server.child.exitCode}`})`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

const ALL_POST_ENDPOINTS: [string, string][] = [
  ["/signin", "visitor"],
  ["/forgot-password", "visitor"],
  ["/reset-password", "visitor"],
  ["/stories/submit", "visitor"],
  ["/submit-business", "visitor"],
  ["/contact", "visitor"],
  ["/api/auth/sign-in/email", "visitor"],
  ["/api/auth/sign-up/email", "visitor"],
  ["/dashboard/media", "owner"],
  ["/dashboard", "owner"],
  ["/admin", "owner"],
  ["/admin", "admin"],
  ["/admin/stories", "admin"],
  ["/admin/inbox", "admin"],
  ["/signout", "visitor"],
];

const POST_ENDPOINTS = process.env.FUZZ_ONLY
  ? ALL_POST_ENDPOINTS.filter(([path]) => path === process.env.FUZZ_ONLY)
  : ALL_POST_ENDPOINTS;

describe("fuzzing every form and endpoint", () => {
  for (const [endpoint, who] of POST_ENDPOINTS) {
    it(`POST ${endpoint} as ${who}: ${RUNS} random payloads, no 5xx`, async () => {
      const failures = await hammer("POST", () => endpoint, who);
      if (failures.length && server.child.exitCode !== null) console.error(server.output().slice(-4000));
      expect(failures.slice(0, 5)).toEqual([]);
    });
  }

  it(`GET listing and detail pages with ${RUNS} random paths and queries, no 5xx`, async () => {
    const paths = [
      () =>
        `/local-shiners/all?industry=${enc(garbageString().slice(0, 80))}&zip=${enc(garbageString().slice(0, 80))}&page=${enc(garbageString().slice(0, 20))}`,
      () => `/local-shiners/${enc(garbageString().slice(0, 60))}`,
      () =>
        `/shine-stories/${pick(["food-industry", "bogus"])}?q=${enc(garbageString().slice(0, 300))}&featured=${enc(garbageString().slice(0, 10))}`,
      () => `/business/${enc(garbageString().slice(0, 80))}`,
      () => `/story/${enc(garbageString().slice(0, 80))}`,
      () => `/media/${enc(garbageString().slice(0, 80))}?w=${enc(garbageString().slice(0, 8))}`,
      () => `/admin?q=${enc(garbageString().slice(0, 300))}&page=${enc(garbageString().slice(0, 10))}`,
      () =>
        `/admin/stories?q=${enc(garbageString().slice(0, 300))}&industry=${enc(garbageString().slice(0, 30))}`,
    ];
    const failures = await hammer("GET", () => pick(paths)(), "admin");
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
