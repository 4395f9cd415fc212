import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_API_ENDPOINTS, authBody, authQuery, type AuthRole } from "../support/fuzz/auth-api";
import { OWNER_EMAIL } from "../support/fuzz/forms";
import {
  AS_DEPLOYED,
  closeConnections,
  expectStillHealthy,
  FUZZ_TIMEOUT,
  reportedFuzz,
  RUNS,
  type FuzzTarget,
} from "../support/fuzz/runner";
import { createSignedInAccount } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// Bad input never earns a 5xx, at the Better Auth door either (docs/security.md "Control characters"): each
// endpoint of AUTH_API_ENDPOINTS gets RUNS payloads built from its valid request (JSON bodies, or the query string
// of a GET) with NUL and other control characters, invalid UTF-8, huge values, wrong types, missing fields and
// nulls, shared among the roles listed for it.

const cookies: Record<AuthRole, string> = { visitor: "", user: "", leaver: "", changer: "" };
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", ...AS_DEPLOYED });
  [cookies.user, cookies.leaver, cookies.changer] = await Promise.all(
    [OWNER_EMAIL, "fuzz-leaver@example.com", "fuzz-changer@example.com"].map((email) =>
      createSignedInAccount(server, email),
    ),
  );
}, 120_000);

afterAll(async () => {
  closeConnections();
  await server.stop();
});

const TARGETS: FuzzTarget[] = AUTH_API_ENDPOINTS.map((endpoint) => ({
  name: `${endpoint.method} /api/auth${endpoint.path} as ${[...new Set(endpoint.roles)].join(", ")}`,
  make: (random) => {
    const template = endpoint.template(random);
    const path = `/api/auth${endpoint.path}`;
    const cookie = cookies[random.pick(endpoint.roles)];
    return endpoint.method === "GET"
      ? { method: "GET", path: `${path}${authQuery(random, template)}`, cookie }
      : { method: "POST", path, body: authBody(random, template), cookie };
  },
}));

describe("fuzzing every reachable /api/auth endpoint", () => {
  TARGETS.forEach((target, index) => {
    it(
      `${target.name}: ${RUNS} hostile payloads, no 5xx`,
      async () => {
        const { failures } = await reportedFuzz(server, target, 100 + index);
        if (failures.length) console.error(server.output().slice(-3000));
        expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
      },
      FUZZ_TIMEOUT,
    );
  });

  it("leaves the server healthy", async () => {
    expect(await expectStillHealthy(server)).toEqual([]);
  });
});
